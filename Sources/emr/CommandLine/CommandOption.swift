/// One option of a command, declared once: the name the user types, the placeholder help
/// shows for its value (none for a flag), its help line, and the typed field it fills. The
/// parser, `--help` and the command all read this one value, so an option cannot be accepted
/// without being documented, or documented without being accepted.
struct CommandOption<Options> {
    enum Field {
        case flag(WritableKeyPath<Options, Bool>)
        case value(placeholder: String, WritableKeyPath<Options, String?>)
    }

    let name: String
    let field: Field
    let help: String

    static func flag(_ name: String, _ field: WritableKeyPath<Options, Bool>, help: String) -> CommandOption {
        CommandOption(name: name, field: .flag(field), help: help)
    }

    static func value(_ name: String, _ placeholder: String, _ field: WritableKeyPath<Options, String?>, help: String) -> CommandOption {
        CommandOption(name: name, field: .value(placeholder: placeholder, field), help: help)
    }

    var takesValue: Bool {
        if case .value = field { true } else { false }
    }

    /// The same option filling a field of a larger options type, so option sets shared by
    /// several commands (the cache's, the server's) are declared once.
    func nested<Parent>(in path: WritableKeyPath<Parent, Options>) -> CommandOption<Parent> {
        switch field {
        case .flag(let flag): .flag(name, path.appending(path: flag), help: help)
        case .value(let placeholder, let value): .value(name, placeholder, path.appending(path: value), help: help)
        }
    }

    /// How `--help` shows it.
    var usage: OptionUsage {
        switch field {
        case .flag: OptionUsage(name: name, placeholder: nil, help: help)
        case .value(let placeholder, _): OptionUsage(name: name, placeholder: placeholder, help: help)
        }
    }
}
