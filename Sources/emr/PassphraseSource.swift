import Foundation
import SecurityKit

/// Where the cache passphrase comes from: `--passphrase-file` (0600), `EMR_PASSPHRASE`
/// (scripts and tests), or a prompt on the terminal with echo off.
struct PassphraseSource {
    var file: String?
    var environment: [String: String]
    /// A passphrase already read, given before the file and the environment.
    private var known: SecretBytes?

    init(file: String?, environment: [String: String]) {
        self.file = file
        self.environment = environment
    }

    /// This source answering `passphrase` without asking again: `emr passwd` reads the old
    /// passphrase once, for the unlock and the rewrap.
    func remembering(_ passphrase: SecretBytes) -> PassphraseSource {
        var source = self
        source.known = passphrase
        return source
    }

    /// Passphrases shorter than this are refused when a cache is created.
    static let minimumLength = 8

    /// The passphrase of an existing cache.
    func existing(for directory: String) throws(CommandFailure) -> SecretBytes {
        if let given = try given() { return given }
        guard let typed = PassphrasePrompt.read(prompt: "Passphrase for the cache in \(directory): ") else {
            throw noTerminal
        }
        return secret(typed)
    }

    /// A passphrase for a new cache: asked twice when typed, checked for length.
    func new(for directory: String, prompt: String = "New passphrase for the cache in") throws(CommandFailure) -> SecretBytes {
        if let given = try given() {
            guard given.count >= Self.minimumLength else { throw tooShort }
            return given
        }
        guard let first = PassphrasePrompt.read(prompt: "\(prompt) \(directory): "),
              let second = PassphrasePrompt.read(prompt: "Type it again: ") else { throw noTerminal }
        guard first == second else {
            throw CommandFailure(message: "emr: the two passphrases differ; nothing was changed, try again", status: .usage)
        }
        guard first.count >= Self.minimumLength else { throw tooShort }
        return secret(first)
    }

    /// Whether a passphrase comes without asking (file or environment).
    var isGiven: Bool { known != nil || file != nil || environment["EMR_PASSPHRASE"] != nil }

    private func given() throws(CommandFailure) -> SecretBytes? {
        if let known { return known }
        if let file { return try read(file) }
        if let value = environment["EMR_PASSPHRASE"] { return SecretBytes(copying: value.utf8) }
        return nil
    }

    private func read(_ path: String) throws(CommandFailure) -> SecretBytes {
        let data = try PrivateFileReader.contents(path, what: "passphrase file")
        var bytes = [UInt8](data)
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { bytes.removeLast() }
        return secret(bytes)
    }

    /// Copies into zeroable memory and clears the caller's buffer.
    private func secret(_ bytes: [UInt8]) -> SecretBytes {
        var bytes = bytes
        defer { for index in bytes.indices { bytes[index] = 0 } }
        return SecretBytes(copying: bytes)
    }

    private var noTerminal: CommandFailure {
        CommandFailure(
            message: "emr: no terminal to ask for the passphrase: set EMR_PASSPHRASE or use --passphrase-file FILE",
            status: .usage)
    }

    private var tooShort: CommandFailure {
        CommandFailure(message: "emr: the passphrase must have at least \(Self.minimumLength) characters", status: .usage)
    }
}
