/// A command as help shows it: its synopsis, what it does, and its option groups, all taken
/// from the command's options type.
struct CommandUsage: Equatable, Sendable {
    /// `emr sync`, or `emr` for the workstation.
    var name: String
    /// `FILE...`, `verify|show`; nil when the command takes no operands.
    var operands: String?
    var summary: String
    var groups: [OptionGroupUsage]

    init<Options: ParsableOptions>(_ type: Options.Type, name: String, summary: String) {
        self.name = name
        operands = Options.operands?.placeholder
        self.summary = summary
        groups = Options.groups.map(\.usage)
    }

    /// `emr import [OPTIONS] FILE...`
    var synopsis: String {
        [name, groups.isEmpty ? nil : "[OPTIONS]", operands].compactMap { $0 }.joined(separator: " ")
    }
}
