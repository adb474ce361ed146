/// The one exit-status contract every `emr` command follows (documented in Sources/emr/emr.docc/Commands.md).
enum ExitStatus: Int32 {
    /// Finished and everything worked.
    case success = 0
    /// Finished with problems, for example some resources skipped.
    case finishedWithProblems = 1
    /// Bad option or unusable environment (terminal, permissions); nothing was done.
    case usage = 2
    /// The cache could not be unlocked (wrong passphrase).
    case unlockFailed = 3
    /// Corrupt or tampered data was found.
    case integrityFailure = 4
}

/// A failure that ends the command with one line on stderr, in the user's terms.
struct CommandFailure: Error {
    var message: String
    var status: ExitStatus
}

extension CommandFailure {
    /// A mistake on the command line: one line naming it, and where to read the options.
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message: "emr: \(message) (see 'emr --help')", status: .usage)
    }
}
