/// The text attributes themes may use; every terminal type we support has them (or curses
/// drops them gracefully), unlike italics or blink.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1)
    public static let reverse = TextAttributes(rawValue: 2)
    public static let underline = TextAttributes(rawValue: 4)
    public static let dim = TextAttributes(rawValue: 8)

    /// Names used in theme files.
    public static let names: [String: TextAttributes] = [
        "bold": .bold, "reverse": .reverse, "underline": .underline, "dim": .dim,
    ]
}
