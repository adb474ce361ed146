/// What the user asked for: one command with its typed options, or help, or the version.
/// `main` switches on this; no command reads the raw words.
enum Invocation: Equatable {
    case workstation(WorkstationOptions)
    case importFiles(ImportOptions)
    case sync(SyncOptions)
    case passwd(CacheOptions)
    case wipe(WipeOptions)
    case audit(AuditOptions)
    case login(LoginOptions)
    case logout(LogoutOptions)
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
}
