/// What the user asked for: one command with its typed options, or help, or the version.
/// `main` runs it; no command reads the raw words.
enum Invocation: Equatable {
    /// `options` are of the command's own options type.
    case run(Command, any Sendable)
    /// `--help`: the overview (nil), or one command's options.
    case help(Command?)
    case version

    /// Parses `argv` without the program name. Throws a usage failure naming the first bad word.
    static func parse(_ words: [String]) throws(CommandFailure) -> Invocation {
        guard let first = words.first, !first.hasPrefix("-") else {
            return try Command.workstation.parse(words[...])
        }
        guard let command = Command(word: first) else { throw .usage("unknown command '\(first)'") }
        return try command.parse(words.dropFirst())
    }

    /// The typed options, when this runs a command whose options are `Options`.
    func options<Options>(_ type: Options.Type) -> Options? {
        if case let .run(_, options) = self { options as? Options } else { nil }
    }

    static func == (lhs: Invocation, rhs: Invocation) -> Bool {
        switch (lhs, rhs) {
        case let (.run(left, leftOptions), .run(right, rightOptions)): left == right && left.type.isSame(leftOptions, rightOptions)
        case let (.help(left), .help(right)): left == right
        case (.version, .version): true
        default: false
        }
    }
}
