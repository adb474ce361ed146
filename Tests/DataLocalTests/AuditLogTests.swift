import CoreDomain
import DataFHIR
import Foundation
@testable import DataLocal
import Synchronization
import Testing

/// The audit log reads back what was appended, and any edit, removal or reordering of its
/// rows makes `verify()` name the first entry affected.
@Suite struct AuditLogTests {
    private let nurse = AuditActor(user: "nurse1", source: "/dev/pts/4")
    private let doctor = AuditActor(user: "dr2", clientID: "emr-ward", source: "10.0.0.9")

    /// Four entries with distinct users, patients, times, actions and outcomes.
    private func events() -> [AuditEvent] {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        return [
            AuditEvent(time: start, actor: nurse, action: .unlock, outcome: .success),
            AuditEvent(time: start + 60, actor: nurse, action: .search(kinds: [.name, .birthDate]), outcome: .success),
            AuditEvent(time: start + 120, actor: doctor, action: .chartOpened(tab: "vitals"), patientID: "pat-1", outcome: .success),
            AuditEvent(time: start + 180, actor: doctor, action: .importData(resources: 12), outcome: .failure),
        ]
    }

    private func filledLog(_ cache: TemporaryCache) throws -> (EncryptedCache, AuditLog) {
        let store = try cache.unlock()
        let log = AuditLog(cache: store)
        for event in events() { try log.append(event) }
        return (store, log)
    }

    private func execute(_ store: EncryptedCache, _ sql: String) throws {
        try store.database.withConnection { (connection) throws(CacheError) in try connection.execute(sql) }
    }

    @Test func entriesReadBackWithEveryFieldInOrder() throws {
        let cache = TemporaryCache()
        _ = try filledLog(cache)
        let reopened = AuditLog(cache: try cache.unlock())
        let entries = try reopened.entries()
        #expect(entries.map(\.event) == events())
        #expect(entries.map(\.sequence) == [1, 2, 3, 4])
        #expect(try reopened.verify() == .intact(count: 4))
    }

    @Test func anEmptyLogIsIntact() throws {
        let cache = TemporaryCache()
        #expect(try AuditLog(cache: try cache.unlock()).verify() == .intact(count: 0))
    }

    @Test func filtersByPatientTimeAndUser() throws {
        let cache = TemporaryCache()
        let (_, log) = try filledLog(cache)
        let all = events()
        #expect(try log.entries(AuditFilter(patientID: "pat-1")).map(\.event) == [all[2]])
        #expect(try log.entries(AuditFilter(since: all[1].time)).map(\.sequence) == [2, 3, 4])
        #expect(try log.entries(AuditFilter(user: "nurse1")).map(\.sequence) == [1, 2])
        #expect(try log.entries(AuditFilter(patientID: "pat-1", user: "nurse1")).isEmpty)
    }

    @Test func aFlippedByteInASealedEntryBreaksTheChainAtThatEntry() throws {
        let cache = TemporaryCache()
        let (store, log) = try filledLog(cache)
        try execute(store, "UPDATE audit_log SET entry = \(flippedByteSQL("entry")) WHERE row_id = 3")
        #expect(try log.verify() == .broken(entry: 3, reason: .altered))
        #expect(throws: CacheError.auditBroken(entry: 3, reason: .altered)) { try log.entries() }
    }

    @Test func aDeletedEntryBreaksTheChainWhereItWas() throws {
        let cache = TemporaryCache()
        let (store, log) = try filledLog(cache)
        try execute(store, "DELETE FROM audit_log WHERE row_id = 2")
        #expect(try log.verify() == .broken(entry: 2, reason: .outOfSequence(found: 3)))
    }

    @Test func swappedEntriesBreakTheChainAtTheFirstOfThem() throws {
        let cache = TemporaryCache()
        let (store, log) = try filledLog(cache)
        try execute(store, """
            UPDATE audit_log SET
                entry = (SELECT entry FROM audit_log AS other WHERE other.row_id = 5 - audit_log.row_id),
                chain_tag = (SELECT chain_tag FROM audit_log AS other WHERE other.row_id = 5 - audit_log.row_id)
            WHERE row_id IN (2, 3)
            """)
        #expect(try log.verify() == .broken(entry: 2, reason: .altered))
    }

    @Test func renumberedRowsInAnotherOrderAreCaughtByTheirPositions() throws {
        let cache = TemporaryCache()
        let (store, log) = try filledLog(cache)
        // Moving whole rows keeps each blob with its row id, so only the order reveals it.
        try execute(store, "UPDATE audit_log SET row_id = 10 WHERE row_id = 2")
        #expect(try log.verify() == .broken(entry: 2, reason: .outOfSequence(found: 3)))
    }

    @Test func anEditedTagBreaksTheChainAtThatEntry() throws {
        let cache = TemporaryCache()
        let (store, log) = try filledLog(cache)
        try execute(store, "UPDATE audit_log SET chain_tag = (SELECT chain_tag FROM audit_log WHERE row_id = 1) WHERE row_id = 3")
        #expect(try log.verify() == .broken(entry: 3, reason: .chainMismatch))
    }

    @Test func removingTheNewestEntriesDisagreesWithTheHead() throws {
        let cache = TemporaryCache()
        let (store, log) = try filledLog(cache)
        try execute(store, "DELETE FROM audit_log WHERE row_id >= 3")
        #expect(try log.verify() == .broken(entry: 3, reason: .missing))
    }

    @Test func aRemovedHeadIsReportedAndRefusesNewEntries() throws {
        let cache = TemporaryCache()
        let (store, log) = try filledLog(cache)
        // Byte 6 changed whatever it was (writing a fixed x'00' changed nothing 1 time in 256).
        try execute(store, "UPDATE audit_head SET head = substr(head, 1, 5) || CASE WHEN substr(head, 6, 1) = x'00' THEN x'01' ELSE x'00' END || substr(head, 7)")
        #expect(try log.verify() == .broken(entry: 4, reason: .headDamaged))
        #expect(throws: CacheError.auditBroken(entry: 4, reason: .headDamaged)) { try log.append(events()[0]) }
        try execute(store, "DELETE FROM audit_head")
        #expect(try log.verify() == .broken(entry: 4, reason: .headDamaged))
    }

    /// One policy (Security.md): a trail found broken takes no more entries until an operator acts,
    /// so nothing is appended after evidence of tampering.
    @Test func aTrailFoundBrokenTakesNoMoreEntries() throws {
        let cache = TemporaryCache()
        let (store, log) = try filledLog(cache)
        try execute(store, "UPDATE audit_log SET entry = substr(entry, 1, 20) || x'00' || substr(entry, 22) WHERE row_id = 3")
        #expect(try log.verify() == .broken(entry: 3, reason: .altered))
        #expect(throws: CacheError.auditBroken(entry: 3, reason: .altered)) { try log.append(events()[0]) }
        #expect(throws: CacheError.auditBroken(entry: 3, reason: .altered)) { try AuditLog(cache: store).append(events()[0]) }
        #expect(store.auditBreak == .auditBroken(entry: 3, reason: .altered))
    }

    @Test func theTrailStampsActorAndTimeOnEachRecordedAction() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        let trail = CacheAuditTrail(cache: store, actor: doctor, clock: { time })
        try trail.record(.chartOpened(tab: "summary"), patientID: "pat-7", outcome: .success)
        try trail.record(.lock, patientID: nil, outcome: .success)
        let recorded = try AuditLog(cache: store).entries().map(\.event)
        #expect(recorded == [
            AuditEvent(time: time, actor: doctor, action: .chartOpened(tab: "summary"), patientID: "pat-7", outcome: .success),
            AuditEvent(time: time, actor: doctor, action: .lock, outcome: .success),
        ])
    }

    @Test func manyPatientsShownAtOnceAreRecordedInOneCommit() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        let trail = CacheAuditTrail(cache: store, actor: doctor, clock: { time })
        let commits = Mutex(0)
        store.database.setBeforeCommit { _ in commits.withLock { $0 += 1 } }
        let patients = (1...25).map { "pat-\($0)" }
        try trail.record(.chartOpened(tab: "ward-doses"), patientIDs: patients, outcome: .success)
        // Each commit is written through to the disk, and the anchor after it: one for the screen, not one per patient.
        #expect(commits.withLock { $0 } == 1)
        #expect(try AuditLog(cache: store).entries().map(\.event) == patients.map {
            AuditEvent(time: time, actor: doctor, action: .chartOpened(tab: "ward-doses"), patientID: $0, outcome: .success)
        })
        #expect(try AuditLog(cache: store).verify() == .intact(count: 25))
    }

    @Test func auditEntriesAreNotReadableWithoutTheKey() throws {
        let cache = TemporaryCache()
        let (store, _) = try filledLog(cache)
        let blobs = try store.database.withConnection { (connection) throws(CacheError) in
            try connection.statement("SELECT entry FROM audit_log").bind().rows { $0.blob(0) ?? Data() }
        }
        #expect(blobs.count == 4)
        for needle in ["nurse1", "pat-1", "10.0.0.9", "chart-opened"] {
            #expect(!blobs.contains { $0.range(of: Data(needle.utf8)) != nil }, "\(needle) is sealed")
        }
    }
}

/// A file's data and its audit entry commit together: nothing is ever stored without its record.
@Suite struct AuditedImportTests {
    @Test func aFileAndItsEntryCommitTogether() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let trail = CacheAuditTrail(cache: store, actor: AuditActor(user: "nurse1", source: "no-tty"))
        var heard: [Result<ImportSummary, CacheError>] = []
        CacheImporter(cache: store).importFiles([try cache.source(FHIRSamples.census(vitals: 1))], auditedBy: trail) { heard.append($1) }
        let summary = try #require(try? heard.first?.get())
        #expect(try AuditLog(cache: store).entries().map(\.event.action) == [.importData(resources: summary.importedCount)])
    }

    @Test func whenTheEntryCannotBeWrittenTheDataIsNotStoredEither() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let trail = CacheAuditTrail(cache: store, actor: AuditActor(user: "nurse1", source: "no-tty"))
        try trail.record(.unlock, patientID: nil, outcome: .success)
        try store.database.withConnection { (connection) throws(CacheError) in
            try connection.statement("UPDATE audit_head SET head = x'00'").bind().run()
        }
        var heard: [Result<ImportSummary, CacheError>] = []
        CacheImporter(cache: store).importFiles([try cache.source(FHIRSamples.census(vitals: 1))], auditedBy: trail) { heard.append($1) }
        #expect(heard.count == 1 && (try? heard[0].get()) == nil, "the file is said to have failed")
        #expect(try cache.rowCount(store.database, table: "resource") == 0, "rolled back with its entry")
    }

    /// A sync's resources and its `sync` entry: one transaction (`CensusSync` stores this way).
    @Test func syncedResourcesAndTheSyncEntryCommitTogetherOrNotAtAll() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let trail = CacheAuditTrail(cache: store, actor: AuditActor(user: "nurse1", source: "no-tty"))
        let decoded = FHIRReader().read(Data(FHIRSamples.census(vitals: 1).joined(separator: "\n").utf8), file: "sync").resources
        #expect(try CacheImporter(cache: store).importResources(decoded, source: "sync", audit: (trail, .sync)).importedCount == decoded.count)
        #expect(try AuditLog(cache: store).entries().map(\.event.action) == [.sync])

        let broken = TemporaryCache()
        let other = try broken.unlock()
        let otherTrail = CacheAuditTrail(cache: other, actor: AuditActor(user: "nurse1", source: "no-tty"))
        try otherTrail.record(.unlock, patientID: nil, outcome: .success)
        try other.database.withConnection { (connection) throws(CacheError) in
            try connection.statement("UPDATE audit_head SET head = x'00'").bind().run()
        }
        #expect(throws: CacheError.self) {
            _ = try CacheImporter(cache: other).importResources(decoded, source: "sync", audit: (otherTrail, .sync))
        }
        #expect(try broken.rowCount(other.database, table: "resource") == 0, "rolled back with its entry")
    }
}
