/// A command as help shows it: its synopsis, what it does, and its option groups, all taken
/// from the command's options type.
struct CommandUsage: Equatable, Sendable {
    /// The word after `emr`; nil for the workstation.
    var word: String?
    /// `FILE...`, `verify|show`; nil when the command takes no operands.
    var operands: String?
    var summary: String
    var groups: [OptionGroupUsage]

    init<Options: ParsableOptions>(_ type: Options.Type, word: String?, summary: String) {
        self.word = word
        operands = Options.operands?.placeholder
        self.summary = summary
        groups = Options.groups.map(\.usage)
    }

    /// `emr import [OPTIONS] FILE...`
    var synopsis: String {
        ["emr", word, groups.isEmpty ? nil : "[OPTIONS]", operands].compactMap { $0 }.joined(separator: " ")
    }
}
