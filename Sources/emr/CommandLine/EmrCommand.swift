import DataLocal

/// One `emr` command, as swift-argument-parser's `ParsableCommand`: the word typed after `emr`,
/// the line help shows, the options it parses into, and what it does. A new command is its
/// type (its own file, beside its options type in `Options/`) and one line in
/// `Command.registered`: parsing, `emr --help`, `emr COMMAND --help` and `main` follow.
protocol EmrCommand: SendableMetatype {
    associatedtype Options: ParsableOptions & Equatable & Sendable
    /// The word after `emr`; nil for the workstation, which is `emr` alone.
    static var word: String? { get }
    /// What help says the command does, in one sentence.
    static var summary: String { get }
    /// Does what `options` ask; the exit status to end with.
    static func run(_ options: Options, in context: CommandContext) throws(CommandFailure) -> ExitStatus
}

/// What every command is given: the environment it reads, this account's cache location, and
/// where its lines go (standard output, standard error).
struct CommandContext {
    var environment: [String: String]
    var home: CacheLocation
    var say: (String) -> Void
    var complain: (String) -> Void
}

extension CommandContext {
    func config() throws(CommandFailure) -> Config { try Config.load(directory: home.directory) }

    /// This account's cache, unlocked with the passphrase `cache` names; with `config`, the
    /// ward's administration times are given to it for the rows it derives.
    func openCache(_ cache: CacheOptions, config: Config? = nil, recordUnlock: Bool = true) throws(CommandFailure) -> CacheSession {
        let session = try CacheSession.open(at: home, passphrases: cache.passphrases(environment: environment), recordUnlock: recordUnlock)
        if let config { session.cache.administrationTimes = try config.administrationTimes() }
        return session
    }
}

extension EmrCommand {
    /// Runs with options parsed for this command (`Invocation.run`).
    static func run(parsed options: any Sendable, in context: CommandContext) throws(CommandFailure) -> ExitStatus {
        guard let options = options as? Options else { preconditionFailure("\(Self.self) given \(type(of: options))") }
        return try run(options, in: context)
    }

    static func isSame(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool { (lhs as? Options) == (rhs as? Options) }
}
