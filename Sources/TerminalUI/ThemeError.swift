/// Why a theme could not be used, as one line the user can act on.
public enum ThemeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A line of a theme file is wrong: `file:line: message`.
    case malformed(file: String, line: Int, message: String)
    /// No `<name>.theme` in the themes directory.
    case unknownTheme(name: String, available: [String])
    /// The file exists but cannot be read as UTF-8 text.
    case unreadable(file: String)

    public var description: String {
        switch self {
        case let .malformed(file, line, message):
            "\(file):\(line): \(message)"
        case let .unknownTheme(name, available):
            "unknown theme '\(name)': choose one of \(available.isEmpty ? "(none installed)" : available.joined(separator: ", "))"
        case let .unreadable(file):
            "\(file): cannot read the theme file: check that it exists and is UTF-8 text"
        }
    }
}
