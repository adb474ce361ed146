/// How many colors the terminal can show, which decides how a theme degrades.
public enum ColorDepth: Int, Sendable, Comparable, CaseIterable {
    /// No color (vt100, vt220, mono terminals) or the user asked for none (NO_COLOR).
    case none = 0
    case eight = 8
    case sixteen = 16
    case full = 256

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The depth to use given what curses reports and the environment. NO_COLOR
    /// (https://no-color.org) counts when present and not empty.
    public static func detect(hasColors: Bool, colors: Int, environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        guard hasColors else { return .none }
        switch colors {
        case 256...: return .full
        case 16..<256: return .sixteen
        case 8..<16: return .eight
        default: return .none
        }
    }
}
