import CoreDomain
import DataLocal
import Foundation
import SecurityKit

/// An unlocked cache. The key file is checked before the database is touched, so a wrong
/// passphrase changes no database file (only the failure counter, see `UnlockFailures`).
struct CacheSession {
    let location: CacheLocation
    let keyFile: KeyFile
    let cache: EncryptedCache
    /// The OS account, where the session comes from, and the clinician this cache belongs to
    /// at the server (`CacheOwner`: the first login's `fhirUser`), once someone logged in.
    private(set) var actor = AuditActor.current()

    /// The audit trail of this session's actor.
    var trail: CacheAuditTrail { CacheAuditTrail(cache: cache, actor: actor) }

    /// Unlocks the cache at `location`, creating it (with a new passphrase) if there is none,
    /// and, unless `recordUnlock` is false (`emr audit`, which must be able to read a trail that
    /// no longer accepts entries), checks the audit trail and records the unlock. Every command
    /// comes through here, so the folder's rule (private folder and key, a settings file only
    /// its owner writes) is the same for all of them, whether or not they read the settings.
    static func open(
        at location: CacheLocation, passphrases: PassphraseSource, recordUnlock: Bool = true,
        structureCheck: CacheDatabase.StructureCheck = .atOpen
    ) throws(CommandFailure) -> CacheSession {
        try ensurePrivate(location)
        let opened = try open(at: location, passphrases: passphrases, structureCheck: structureCheck)
        let session = opened.userOfRecord((try? CacheOwner(cache: opened.cache).fhirUser()) ?? nil)
        if recordUnlock {
            // The workstation (`.byOwner`) checks the trail beside its first frame instead.
            if structureCheck == .atOpen {
                try session.checkTrail()
                try session.checkRows()
            }
            try session.recordUnlock()
        }
        return session
    }

    private static func open(
        at location: CacheLocation, passphrases: PassphraseSource, structureCheck: CacheDatabase.StructureCheck
    ) throws(CommandFailure) -> CacheSession {
        if let session = try openExisting(at: location, passphrases: passphrases, structureCheck: structureCheck, whileCreated: false) {
            return session
        }
        // A first run. Another one started at the same moment may be creating the cache: wait
        // for it, then open what it made rather than make a second key.
        let creating: CacheCreationLock
        do {
            creating = try CacheCreationLock(location: location)
        } catch {
            throw failure(for: error)
        }
        return try withExtendedLifetime(creating) { () throws(CommandFailure) -> CacheSession in
            if let session = try openExisting(at: location, passphrases: passphrases, structureCheck: structureCheck, whileCreated: true) {
                return session
            }
            if FileManager.default.fileExists(atPath: location.databasePath) {
                throw CommandFailure(
                    message: "emr: the key file \(location.keyFilePath) is missing, so the cache cannot be read: run 'emr wipe', then re-import or re-sync",
                    status: .integrityFailure)
            }
            return try create(at: location, passphrase: try passphrases.new(for: location.directory))
        }
    }

    /// The cache whose key file is there, unlocked; nil when there is no key file yet. Outside
    /// the creation lock (`whileCreated` false) a key without its database is a first run under
    /// way in another process: nil, so the caller waits for it.
    private static func openExisting(
        at location: CacheLocation, passphrases: PassphraseSource, structureCheck: CacheDatabase.StructureCheck, whileCreated: Bool
    ) throws(CommandFailure) -> CacheSession? {
        let files = FileManager.default
        guard files.fileExists(atPath: location.keyFilePath) else { return nil }
        guard whileCreated || files.fileExists(atPath: location.databasePath) else { return nil }
        try ensurePrivate(location)
        let keyFile = try readKeyFile(location)
        let passphrase = try passphrases.existing(for: location.directory)
        let dataKey = try unlock(keyFile, passphrase: passphrase, location: location)
        Log.debug("unlock", .code("outcome", "success"))
        return try CacheSession(location: location, keyFile: keyFile, cache: openCache(location, dataKey: dataKey, structureCheck: structureCheck))
    }

    /// A new, empty cache protected by `passphrase`. The key file is written first (whole, or
    /// not at all), then the database: a kill at any point leaves either nothing that counts,
    /// or a key whose empty database the next run makes. The other order left a database no
    /// key could read, and every command then said to wipe.
    static func create(at location: CacheLocation, passphrase: SecretBytes) throws(CommandFailure) -> CacheSession {
        let keyFile: KeyFile
        let dataKey: SecretBytes
        do {
            try location.prepareDirectory()
        } catch {
            throw failure(for: error)
        }
        do {
            (keyFile, dataKey) = try KeyFile.create(passphrase: passphrase)
            try keyFile.write(to: URL(fileURLWithPath: location.keyFilePath))
        } catch {
            throw CommandFailure(message: "emr: could not create the cache key: \(UserMessage.describe(error))", status: .usage)
        }
        return CacheSession(location: location, keyFile: keyFile, cache: try openCache(location, dataKey: dataKey))
    }

    /// The audit trail checked before a session that records starts, past its verified prefix
    /// (`AuditCheckScope.sinceCheckpoint`, so the open stays flat as the trail grows): a broken
    /// trail takes no more entries (Sources/emr/emr.docc/Security.md), so the command stops
    /// here, exit 4, with the advice `emr audit verify` gives.
    private func checkTrail() throws(CommandFailure) {
        let result: AuditVerification
        do {
            result = try AuditLog(cache: cache).verify(.sinceCheckpoint)
        } catch {
            throw Self.failure(for: error)
        }
        if case let .broken(entry, reason) = result { throw Self.failure(for: .auditBroken(entry: entry, reason: reason)) }
    }

    /// Rows deleted behind emr's back (`EncryptedCache.checkRows`) stop a command, exit 4, as
    /// damaged records do.
    private func checkRows() throws(CommandFailure) {
        do {
            try cache.checkRows()
        } catch {
            throw Self.failure(for: error)
        }
    }

    /// This session with `fhirUser` (a login's Practitioner) as the clinician of record.
    func userOfRecord(_ fhirUser: String?) -> CacheSession {
        var session = self
        session.actor.fhirUser = fhirUser ?? actor.fhirUser
        return session
    }

    /// Records `action` in the audit trail; a trail that refuses it fails the command.
    func record(_ action: AuditAction, outcome: AuditOutcome = .success) throws(CommandFailure) {
        do {
            try trail.record(action, patientID: nil, outcome: outcome)
        } catch {
            throw Self.failure(for: error)
        }
    }

    /// The command-line failures since the last unlock, then this unlock (`UnlockFailures`).
    private func recordUnlock() throws(CommandFailure) {
        do {
            try UnlockFailures(directory: location.directory).recordUnlock(in: trail)
        } catch {
            throw Self.failure(for: error)
        }
    }

    static func readKeyFile(_ location: CacheLocation) throws(CommandFailure) -> KeyFile {
        do {
            return try KeyFile.read(from: URL(fileURLWithPath: location.keyFilePath))
        } catch {
            throw failure(for: error, location: location)
        }
    }

    static func unlock(_ keyFile: KeyFile, passphrase: SecretBytes, location: CacheLocation) throws(CommandFailure) -> SecretBytes {
        do {
            return try keyFile.unlock(passphrase: passphrase)
        } catch {
            Log.debug("unlock", .code("outcome", "failure"), .error(error))
            if error == .wrongPassphrase { UnlockFailures(directory: location.directory).increment() }
            throw failure(for: error, location: location)
        }
    }

    /// Refuses a cache folder other users can read, before anything in it is read.
    static func ensurePrivate(_ location: CacheLocation) throws(CommandFailure) {
        do {
            try location.checkPrivate()
        } catch {
            throw failure(for: error)
        }
    }

    private static func openCache(
        _ location: CacheLocation, dataKey: SecretBytes, structureCheck: CacheDatabase.StructureCheck = .atOpen
    ) throws(CommandFailure) -> EncryptedCache {
        do {
            return try EncryptedCache(database: CacheDatabase(location: location, structureCheck: structureCheck), dataKey: dataKey)
        } catch {
            throw failure(for: error)
        }
    }

    static func failure(for error: KeyFileError, location: CacheLocation) -> CommandFailure {
        switch error {
        case .wrongPassphrase:
            CommandFailure(message: "emr: wrong passphrase for the cache in \(location.directory)", status: .unlockFailed)
        case let .corrupt(reason):
            CommandFailure(
                message: "emr: the key file \(location.keyFilePath) is damaged (\(reason)): run 'emr wipe', then re-import or re-sync",
                status: .integrityFailure)
        case .io:
            CommandFailure(message: "emr: \(error.description)", status: .usage)
        }
    }

    static func failure(for error: CacheError) -> CommandFailure {
        switch error {
        case .corrupt, .wrongKey, .tampered, .auditBroken, .recordsMissing, .manifestRemoved:
            CommandFailure(message: "emr: \(error.description)", status: .integrityFailure)
        default:
            CommandFailure(message: "emr: \(error.description)", status: .usage)
        }
    }
}
