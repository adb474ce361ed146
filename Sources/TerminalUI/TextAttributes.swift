import CTerminalShim

/// The text attributes themes may use; every terminal type we support has them (or curses
/// drops them gracefully), unlike italics or blink.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: UInt32(EMR_ATTR_BOLD))
    public static let reverse = TextAttributes(rawValue: UInt32(EMR_ATTR_REVERSE))
    public static let underline = TextAttributes(rawValue: UInt32(EMR_ATTR_UNDERLINE))
    public static let dim = TextAttributes(rawValue: UInt32(EMR_ATTR_DIM))

    /// Names used in theme files.
    public static let names: [String: TextAttributes] = [
        "bold": .bold, "reverse": .reverse, "underline": .underline, "dim": .dim,
    ]
}
