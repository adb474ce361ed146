/// Options that belong together under one title in help ("Server", "Cache"). Groups shared by
/// several commands are declared once and nested into each command's options, and the overview
/// (`emr --help`) lists each group once with the commands that take it.
struct OptionGroup<Options> {
    var title: String
    var options: [CommandOption<Options>]

    func nested<Parent>(in path: WritableKeyPath<Parent, Options>) -> OptionGroup<Parent> {
        OptionGroup<Parent>(title: title, options: options.map { $0.nested(in: path) })
    }

    var usage: OptionGroupUsage {
        OptionGroupUsage(title: title, options: options.map(\.usage))
    }
}

/// A group as help shows it.
struct OptionGroupUsage: Equatable, Sendable {
    var title: String
    var options: [OptionUsage]
}
