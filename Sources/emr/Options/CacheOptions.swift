/// How a command that opens the cache gets its passphrase, and whether it shows its progress;
/// every command but help takes them.
struct CacheOptions: ParsableOptions, Equatable {
    var passphraseFile: String?
    /// No progress line on stderr (`ProgressLine`), even on a terminal.
    var quiet = false

    static var groups: [OptionGroup<Self>] {
        [OptionGroup(title: "Cache", options: [
            .value("--passphrase-file", "FILE", \.passphraseFile,
                   help: "read the cache passphrase from FILE (mode 0600) instead of asking; EMR_PASSPHRASE also works"),
            .flag("--quiet", \.quiet, help: "no progress line on stderr (shown only on a terminal, for work that can take seconds)"),
        ])]
    }
}

extension CacheOptions {
    /// Where this command's passphrase comes from: the file named, else the environment, else the terminal.
    func passphrases(environment: [String: String]) -> PassphraseSource {
        PassphraseSource(file: passphraseFile, environment: environment)
    }
}
