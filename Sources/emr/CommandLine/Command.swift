/// A command `emr` knows: its type, which holds its word, its help line, its options and what
/// it does. Two commands are the same when their words are; `registered` is the one list.
struct Command: Equatable, Sendable, CustomStringConvertible {
    let type: any EmrCommand.Type

    init<Type: EmrCommand>(_ type: Type.Type) {
        self.type = type
    }

    /// Every command, in the order help lists them: the one place a command is registered.
    static let registered: [Command] = registry([
        .workstation, .importFiles, .sync, .hooks, .passwd, .wipe, .audit, .login, .logout,
    ])

    static let workstation = Command(WorkstationCommand.self)
    static let importFiles = Command(ImportCommand.self)
    static let sync = Command(SyncCommand.self)
    static let hooks = Command(HooksCommand.self)
    static let passwd = Command(PasswdCommand.self)
    static let wipe = Command(WipeCommand.self)
    static let audit = Command(AuditCommand.self)
    static let login = Command(LoginCommand.self)
    static let logout = Command(LogoutCommand.self)

    /// Refuses two commands with one word: the second would never run.
    private static func registry(_ commands: [Command]) -> [Command] {
        var words = Set<String?>()
        for command in commands { precondition(words.insert(command.word).inserted, "\(command.name) is registered twice") }
        return commands
    }

    /// The word after `emr`; nil for the workstation, which is `emr` alone.
    var word: String? { type.word }

    /// `emr sync`, or `emr` for the workstation: as the user types it.
    var name: String { ["emr", word].compactMap { $0 }.joined(separator: " ") }

    var description: String { name }

    static func == (lhs: Command, rhs: Command) -> Bool { lhs.word == rhs.word }

    init?(word: String) {
        guard let command = Self.registered.first(where: { $0.word == word }) else { return nil }
        self = command
    }

    /// How help shows this command, generated from its options type.
    var usage: CommandUsage { type.usage(name: name) }

    /// Parses the words after the command word into this command's typed options.
    func parse(_ words: ArraySlice<String>) throws(CommandFailure) -> Invocation { try type.parse(words, as: self) }
}

extension EmrCommand {
    static func usage(name: String) -> CommandUsage { CommandUsage(Options.self, name: name, summary: summary) }

    static func parse(_ words: ArraySlice<String>, as command: Command) throws(CommandFailure) -> Invocation {
        switch try OptionParser<Options>(command: command).parse(words) {
        case .run(let options): .run(command, options)
        case .help: .help(word == nil ? nil : command)
        case .version: .version
        }
    }
}
