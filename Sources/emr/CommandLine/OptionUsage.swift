/// An option as help shows it: `--server URL` and its help line. Taken from the
/// `CommandOption` the parser uses, never written separately.
struct OptionUsage: Equatable, Sendable {
    var name: String
    /// The value's placeholder (`URL`), nil for a flag.
    var placeholder: String?
    var help: String

    /// `--server URL`, or `--yes`.
    var synopsis: String { placeholder.map { "\(name) \($0)" } ?? name }
}
