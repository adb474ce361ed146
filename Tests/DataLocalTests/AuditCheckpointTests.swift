import CoreDomain
import Foundation
@testable import DataLocal
import Testing

/// The verified prefix of the audit chain (`AuditCheckpoint`): an open reads only the entries
/// after it, `emr audit verify` still reads them all, and the checkpoint itself cannot be
/// altered, nor the trail rolled back behind it, without the open saying so.
@Suite struct AuditCheckpointTests {
    private let nurse = AuditActor(user: "nurse1", source: "/dev/pts/4")

    private func events(_ count: Int) -> [AuditEvent] {
        (0..<count).map { minute in
            AuditEvent(time: Date(timeIntervalSince1970: 1_700_000_000 + Double(minute) * 60), actor: nurse, action: .unlock, outcome: .success)
        }
    }

    private func execute(_ store: EncryptedCache, _ sql: String) throws {
        try store.database.withConnection { (connection) throws(CacheError) in try connection.execute(sql) }
    }

    private func blob(_ store: EncryptedCache, _ sql: String) throws -> Data {
        try store.database.withConnection { (connection) throws(CacheError) -> Data in
            let query = try connection.statement(sql)
            try query.bind()
            defer { query.finish() }
            guard try query.step(), let value = query.blob(0) else { throw CacheError.storage(path: sql, reason: "no row") }
            return value
        }
    }

    private func storedCheckpoint(_ store: EncryptedCache) throws -> AuditCheckpoint.State {
        try store.database.withConnection { (connection) throws(CacheError) in try AuditCheckpoint.read(connection, sealer: store.sealer) }
    }

    /// A chain long enough for a checkpoint, checked once at open so the checkpoint is laid.
    private func checkpointed(_ count: Int, _ cache: TemporaryCache) throws -> EncryptedCache {
        let store = try cache.unlock()
        try AuditLog(cache: store).append(events(count))
        #expect(try AuditLog(cache: store).verify(.sinceCheckpoint) == .intact(count: count))
        return store
    }

    @Test func aCheckAtOpenLaysTheCheckpointAtTheChainsEnd() throws {
        let cache = TemporaryCache()
        let store = try checkpointed(AuditCheckpoint.stride + 5, cache)
        guard case let .present(checkpoint) = try storedCheckpoint(store) else { Issue.record("no checkpoint"); return }
        #expect(checkpoint.count == AuditCheckpoint.stride + 5)
    }

    /// A short tail past the checkpoint is read at each open without writing it again.
    @Test func aShortChainHasNoCheckpointAndIsReadWhole() throws {
        let cache = TemporaryCache()
        let store = try checkpointed(3, cache)
        #expect(try storedCheckpoint(store) == .absent)
    }

    /// The open trusts the prefix its checkpoint vouches for; `emr audit verify` does not.
    @Test func anEntryAlteredBeforeTheCheckpointIsFoundByTheWholeCheckOnly() throws {
        let cache = TemporaryCache()
        let store = try checkpointed(AuditCheckpoint.stride + 5, cache)
        try execute(store, "UPDATE audit_log SET entry = x'00' || entry WHERE row_id = 7")
        #expect(try AuditLog(cache: store).verify(.sinceCheckpoint) == .intact(count: AuditCheckpoint.stride + 5))
        #expect(try AuditLog(cache: store).verify(.wholeChain) == .broken(entry: 7, reason: .altered))
    }

    /// Entries after the checkpoint are read at every open.
    @Test func anEntryAlteredAfterTheCheckpointIsFoundAtOpen() throws {
        let cache = TemporaryCache()
        let store = try checkpointed(AuditCheckpoint.stride, cache)
        try AuditLog(cache: store).append(events(3))
        let last = AuditCheckpoint.stride + 2
        try execute(store, "UPDATE audit_log SET entry = x'00' || entry WHERE row_id = \(last)")
        #expect(try AuditLog(cache: store).verify(.sinceCheckpoint) == .broken(entry: last, reason: .altered))
    }

    @Test func anAlteredCheckpointIsFoundAtOpen() throws {
        let cache = TemporaryCache()
        let store = try checkpointed(AuditCheckpoint.stride + 5, cache)
        try execute(store, "UPDATE audit_checkpoint SET prefix = x'00' || prefix")
        #expect(try AuditLog(cache: store).verify(.sinceCheckpoint)
            == .broken(entry: AuditCheckpoint.stride + 6, reason: .checkpointDamaged))
        #expect(throws: CacheError.auditBroken(entry: AuditCheckpoint.stride + 6, reason: .checkpointDamaged)) {
            try AuditLog(cache: store).append(events(1))
        }
    }

    /// Sealed under this cache's key: another cache's checkpoint does not open here.
    @Test func aCheckpointFromAnotherCacheIsFoundAtOpen() throws {
        let cache = TemporaryCache()
        let store = try checkpointed(AuditCheckpoint.stride + 5, cache)
        let other = TemporaryCache()
        let foreign = try blob(try checkpointed(AuditCheckpoint.stride + 9, other), "SELECT prefix FROM audit_checkpoint")
        try store.database.withConnection { (connection) throws(CacheError) in
            try connection.statement("UPDATE audit_checkpoint SET prefix = ?").bind(.blob(foreign)).run()
        }
        #expect(try AuditLog(cache: store).verify(.sinceCheckpoint)
            == .broken(entry: AuditCheckpoint.stride + 6, reason: .checkpointDamaged))
    }

    /// The trail cut back to an older moment, with that moment's head and anchor put back with
    /// it, is consistent in itself: only the checkpoint still names the entries it lost.
    @Test func aTrailRolledBackBehindItsCheckpointIsFoundAtOpen() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try AuditLog(cache: store).append(events(10))
        let olderHead = try blob(store, "SELECT head FROM audit_head")
        let olderAnchor = try Data(contentsOf: URL(fileURLWithPath: cache.location.auditAnchorPath))
        try AuditLog(cache: store).append(events(AuditCheckpoint.stride))
        #expect(try AuditLog(cache: store).verify(.sinceCheckpoint) == .intact(count: AuditCheckpoint.stride + 10))

        try execute(store, "DELETE FROM audit_log WHERE row_id > 10")
        try store.database.withConnection { (connection) throws(CacheError) in
            try connection.statement("UPDATE audit_head SET head = ?").bind(.blob(olderHead)).run()
        }
        try olderAnchor.write(to: URL(fileURLWithPath: cache.location.auditAnchorPath))
        let reopened = try cache.unlock()
        let behind = AuditVerification.broken(entry: 11, reason: .behindCheckpoint(recorded: AuditCheckpoint.stride + 10))
        #expect(try AuditLog(cache: reopened).verify(.sinceCheckpoint) == behind)
        #expect(try AuditLog(cache: reopened).verify(.wholeChain) == behind)
    }

    /// The checkpoint only saves reading: without it the open reads the whole chain again.
    @Test func aDeletedCheckpointMeansTheWholeChainIsReadAtOpen() throws {
        let cache = TemporaryCache()
        let store = try checkpointed(AuditCheckpoint.stride + 5, cache)
        try execute(store, "UPDATE audit_log SET entry = x'00' || entry WHERE row_id = 7")
        try execute(store, "DELETE FROM audit_checkpoint")
        #expect(try AuditLog(cache: store).verify(.sinceCheckpoint) == .broken(entry: 7, reason: .altered))
    }
}
