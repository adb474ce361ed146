import CoreDomain
import Foundation
@testable import DataLocal
import Testing

/// The audit chain's anchor beside the key: a database emptied, deleted or put back to an
/// older copy is a broken trail, never "ok: 0 entries"; an anchor left behind by a crash after
/// a commit is not an alarm.
@Suite struct AuditAnchorTests {
    private let nurse = AuditActor(user: "nurse1", source: "/dev/pts/4")

    private func event(_ minute: Int) -> AuditEvent {
        AuditEvent(time: Date(timeIntervalSince1970: 1_700_000_000 + Double(minute) * 60), actor: nurse, action: .unlock, outcome: .success)
    }

    private func appended(_ count: Int, to store: EncryptedCache) throws {
        for minute in 0..<count { try AuditLog(cache: store).append(event(minute)) }
    }

    private func execute(_ store: EncryptedCache, _ sql: String) throws {
        try store.database.withConnection { (connection) throws(CacheError) in try connection.execute(sql) }
    }

    /// Laid with the cache's baseline at its first open, so a missing anchor was removed.
    @Test func aNewCacheHasItsAnchorFromItsFirstOpen() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        #expect(try cache.mode(cache.location.auditAnchorPath) == 0o600)
        #expect(try AuditLog(cache: store).verify() == .intact(count: 0))
        try appended(1, to: store)
        #expect(try AuditLog(cache: store).verify() == .intact(count: 1))
    }

    /// Found by a fault run: the anchor deleted was made again at the next entry, so an older
    /// cache.sqlite put back with it verified "ok" and an import with its entries was gone.
    @Test func aDeletedAnchorIsTamperingAndIsNotMadeAgain() throws {
        let cache = TemporaryCache()
        try appended(3, to: try cache.unlock())
        try FileManager.default.removeItem(atPath: cache.location.auditAnchorPath)
        let reopened = try cache.unlock()
        #expect(try AuditLog(cache: reopened).verify() == .broken(entry: 4, reason: .anchorMissing))
        #expect(throws: CacheError.auditBroken(entry: 4, reason: .anchorMissing)) { try AuditLog(cache: reopened).append(event(9)) }
        #expect(!FileManager.default.fileExists(atPath: cache.location.auditAnchorPath))
    }

    @Test func anOlderCopyPutBackWithTheAnchorDeletedIsTampering() throws {
        let cache = TemporaryCache()
        try putBackACopyOlderByTwoEntries(cache, removingTheAnchor: true)
        #expect(try AuditLog(cache: try cache.unlock()).verify() == .broken(entry: 3, reason: .anchorMissing))
    }

    /// A cache made before the baseline (its key check says so) gets its anchor from its chain
    /// as it stands, once; from then on a missing one is tampering.
    @Test func aCacheMadeBeforeTheAnchorGetsOneFromItsChain() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try appended(2, to: store)
        try FileManager.default.removeItem(atPath: cache.location.auditAnchorPath)
        try SecretStore(cache: store).set(IntegrityBaseline.keyCheckBeforeBaseline, named: IntegrityBaseline.keyCheckName)
        #expect(try AuditLog(cache: try cache.unlock()).verify() == .intact(count: 2))
        try FileManager.default.removeItem(atPath: cache.location.auditAnchorPath)
        #expect(try AuditLog(cache: try cache.unlock()).verify() == .broken(entry: 3, reason: .anchorMissing))
    }

    @Test func anEmptiedTrailIsBehindItsAnchorAndTakesNoMoreEntries() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try appended(4, to: store)
        try execute(store, "DELETE FROM audit_log; DELETE FROM audit_head")
        #expect(try AuditLog(cache: store).verify() == .broken(entry: 1, reason: .behindAnchor(recorded: 4)))
        #expect(throws: CacheError.auditBroken(entry: 1, reason: .behindAnchor(recorded: 4))) { try AuditLog(cache: store).append(event(9)) }
    }

    @Test func aDeletedDatabaseIsBehindItsAnchor() throws {
        let cache = TemporaryCache()
        try appended(3, to: try cache.unlock())
        for path in [cache.location.databasePath] + CacheLocation.sidecarSuffixes.map({ cache.location.databasePath + $0 }) {
            try? FileManager.default.removeItem(atPath: path)
        }
        let fresh = try cache.unlock()
        #expect(try AuditLog(cache: fresh).verify() == .broken(entry: 1, reason: .behindAnchor(recorded: 3)))
    }

    @Test func anOlderCopyPutBackIsBehindItsAnchor() throws {
        let cache = TemporaryCache()
        try putBackACopyOlderByTwoEntries(cache, removingTheAnchor: false)
        #expect(try AuditLog(cache: try cache.unlock()).verify() == .broken(entry: 3, reason: .behindAnchor(recorded: 4)))
    }

    /// Four entries, with the database as it was after two put back in its place (and the
    /// anchor removed too, when asked).
    private func putBackACopyOlderByTwoEntries(_ cache: TemporaryCache, removingTheAnchor: Bool) throws {
        let copy = cache.root + "/older.sqlite"
        do {
            let store = try cache.unlock()
            try appended(2, to: store)
            try execute(store, "VACUUM INTO '\(copy)'")
            try appended(2, to: store)
        }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache.location.databasePath + suffix) }
        if removingTheAnchor { try FileManager.default.removeItem(atPath: cache.location.auditAnchorPath) }
        try FileManager.default.moveItem(atPath: copy, toPath: cache.location.databasePath)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: cache.location.databasePath)
    }

    /// A crash after the commit and before the anchor's rename leaves the anchor behind: the
    /// chain still holds the anchored entry, so nothing is reported and the next entry goes on.
    @Test func anAnchorOneCommitBehindIsNoAlarm() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try appended(2, to: store)
        let behind = try Data(contentsOf: URL(fileURLWithPath: cache.location.auditAnchorPath))
        try appended(1, to: store)
        try behind.write(to: URL(fileURLWithPath: cache.location.auditAnchorPath))
        #expect(try AuditLog(cache: store).verify() == .intact(count: 3))
        try appended(1, to: store)
        #expect(try AuditLog(cache: store).verify() == .intact(count: 4))
    }

    @Test func anAlteredAnchorOrOneFromAnotherCacheIsReported() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try appended(2, to: store)
        let other = TemporaryCache()
        try appended(5, to: try other.unlock())
        try FileManager.default.removeItem(atPath: cache.location.auditAnchorPath)
        try FileManager.default.copyItem(atPath: other.location.auditAnchorPath, toPath: cache.location.auditAnchorPath)
        #expect(try AuditLog(cache: store).verify() == .broken(entry: 3, reason: .anchorDamaged))
    }

    @Test func aWipeRemovesTheAnchorWithTheDatabase() throws {
        let cache = TemporaryCache()
        try appended(1, to: try cache.unlock())
        let removed = try CacheWipe.removeDatabase(at: cache.location)
        #expect(removed.contains(cache.location.auditAnchorPath))
        #expect(!FileManager.default.fileExists(atPath: cache.location.auditAnchorPath))
    }

    /// A transaction that rolls back leaves the anchor where it was.
    @Test func aRolledBackEntryMovesNoAnchor() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try appended(1, to: store)
        let before = try Data(contentsOf: URL(fileURLWithPath: cache.location.auditAnchorPath))
        #expect(throws: CacheError.storage(path: "test", reason: "rolled back")) {
            try store.database.write(durably: true) { (connection) throws(CacheError) in
                try AuditLog(cache: store).append(event(5), on: connection)
                throw CacheError.storage(path: "test", reason: "rolled back")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache.location.auditAnchorPath)) == before)
        #expect(try AuditLog(cache: store).verify() == .intact(count: 1))
    }

    /// The anchor follows only a commit SQLite has flushed itself: an entry in a transaction
    /// that commits without waiting for the disk is refused (a power cut could then leave the
    /// anchor ahead of the database, which reads as tampering), and nothing is stored.
    @Test func anEntryInATransactionNotFlushedToDiskIsRefused() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try appended(1, to: store)
        #expect(throws: CacheError.storage(path: cache.location.databasePath, reason: "an audit entry must be written in a transaction flushed to disk")) {
            try store.database.write { (connection) throws(CacheError) in try AuditLog(cache: store).append(event(5), on: connection) }
        }
        #expect(try AuditLog(cache: store).verify() == .intact(count: 1))
    }
}
