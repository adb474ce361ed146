import DataLocal
import Foundation
import SecurityKit

/// `emr passwd`: re-wraps the data key under a new passphrase. The records stay as they
/// are; only the key file changes, atomically. A security event (ONC 170.315(d)(2)): the cache
/// is opened as by any command that records (its trail and rows checked, the unlock recorded),
/// so a change that could not be recorded is refused, and the change is then recorded. Three
/// scrypt derivations and the cache's checks take over a second on a slow machine: once the
/// passphrases are in, a terminal sees the steps on a progress line (`ProgressLine`).
struct PasswdCommand {
    /// No progress line (`--quiet`).
    var quiet: Bool

    func run(location: CacheLocation, passphrases: PassphraseSource, newPassphrases: PassphraseSource) throws(CommandFailure) -> String {
        guard FileManager.default.fileExists(atPath: location.keyFilePath) else {
            throw CommandFailure(message: "emr: there is no cache in \(location.directory) yet: run 'emr import' or 'emr' first", status: .usage)
        }
        try CacheSession.ensurePrivate(location)
        let old = try passphrases.existing(for: location.directory)
        // Started before the open, the first step, so the time left has a rate to go by.
        var progress = ProgressLine.standardError(verb: "changing the passphrase", unit: "steps", quiet: quiet)
        let session = try CacheSession.open(at: location, passphrases: passphrases.remembering(old))
        let new = try newPassphrases.new(for: location.directory, prompt: "New passphrase for the cache in")
        defer { progress.finish() }
        progress.update(done: 1, of: 3)
        do {
            try session.keyFile.rewrapped(oldPassphrase: old, newPassphrase: new).write(to: URL(fileURLWithPath: location.keyFilePath))
        } catch {
            try? session.record(.passphraseChanged, outcome: .failure)
            throw CacheSession.failure(for: error, location: location)
        }
        progress.update(done: 2, of: 3)
        do {
            try session.record(.passphraseChanged)
        } catch {
            throw CommandFailure(message: "emr: the passphrase was changed but not recorded in the audit trail: \(error.message.dropFirst("emr: ".count))", status: error.status)
        }
        return "passphrase changed for the cache in \(location.directory)"
    }
}

/// `emr wipe`: crypto-shredding. The key file goes first (without it the records are
/// unreadable noise), then the database and SQLite's side files.
struct WipeCommand {
    /// Records the wipe in the audit trail before anything is removed, when the passphrase
    /// comes without asking. Wiping must work without it (a forgotten passphrase is a reason to
    /// wipe), and the trail goes with the cache, so a wipe that cannot be recorded still runs.
    static func recordWipe(location: CacheLocation, passphrases: PassphraseSource) -> String {
        guard FileManager.default.fileExists(atPath: location.keyFilePath) else { return "nothing to record: no cache key" }
        guard passphrases.isGiven else {
            return "not recorded in the audit trail: no passphrase given (--passphrase-file or EMR_PASSPHRASE)"
        }
        do throws(CommandFailure) {
            try CacheSession.open(at: location, passphrases: passphrases).record(.wipe)
            return "wipe recorded in the audit trail before removal"
        } catch {
            return "not recorded in the audit trail: \(error.message)"
        }
    }

    func run(location: CacheLocation, confirmed: Bool) throws(CommandFailure) -> [String] {
        guard confirmed else {
            throw CommandFailure(
                message: "emr: wipe destroys the cache in \(location.directory) for good: run 'emr wipe --yes' to confirm",
                status: .usage)
        }
        var removed: [String] = []
        if FileManager.default.fileExists(atPath: location.keyFilePath) {
            do {
                try FileManager.default.removeItem(atPath: location.keyFilePath)
            } catch {
                throw CommandFailure(message: "emr: could not remove \(location.keyFilePath): check its permissions", status: .usage)
            }
            removed.append(location.keyFilePath)
        }
        do {
            removed += try CacheWipe.removeKeyLeftovers(at: location)
            removed += try CacheWipe.removeDatabase(at: location)
        } catch {
            throw CacheSession.failure(for: error)
        }
        return removed
    }
}

extension PasswdCommand: EmrCommand {
    static let word: String? = "passwd"
    static let summary = "change the cache passphrase (data is not re-encrypted); the new one from EMR_NEW_PASSPHRASE or asked twice"

    static func run(_ options: CacheOptions, in context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let environment = context.environment
        let newSource = PassphraseSource(file: nil, environment: environment["EMR_NEW_PASSPHRASE"].map { ["EMR_PASSPHRASE": $0] } ?? [:])
        context.say(try PasswdCommand(quiet: options.quiet).run(
            location: context.home, passphrases: options.passphrases(environment: environment), newPassphrases: newSource))
        return .success
    }
}

extension WipeCommand: EmrCommand {
    static let word: String? = "wipe"
    static let summary = "destroy the cache: key file first, then the database (recorded in the audit trail first when the "
        + "passphrase is given by file or EMR_PASSPHRASE)"

    static func run(_ options: WipeOptions, in context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let location = options.demo ? DemoCache(home: context.home).location : context.home
        let passphrases = options.cache.passphrases(environment: context.environment)
        let audited = options.confirmed ? WipeCommand.recordWipe(location: location, passphrases: passphrases) : nil
        let removed = try WipeCommand().run(location: location, confirmed: options.confirmed)
        context.say(removed.isEmpty ? "nothing to remove in \(location.directory)" : "removed: " + removed.joined(separator: ", "))
        audited.map(context.say)
        return .success
    }
}
