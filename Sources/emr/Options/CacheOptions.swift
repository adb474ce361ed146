/// How a command that opens the cache gets its passphrase; every command but help takes it.
struct CacheOptions: ParsableOptions, Equatable {
    var passphraseFile: String?

    static var groups: [OptionGroup<Self>] {
        [OptionGroup(title: "Cache", options: [
            .value("--passphrase-file", "FILE", \.passphraseFile,
                   help: "read the cache passphrase from FILE (mode 0600) instead of asking; EMR_PASSPHRASE also works"),
        ])]
    }
}

extension CacheOptions {
    /// Where this command's passphrase comes from: the file named, else the environment, else the terminal.
    func passphrases(environment: [String: String]) -> PassphraseSource {
        PassphraseSource(file: passphraseFile, environment: environment)
    }
}
