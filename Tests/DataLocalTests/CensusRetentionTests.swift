import CoreDomain
@testable import DataLocal
import Foundation
import Synchronization
import Testing

/// Collects what the purge records.
private final class RecordingTrail: AuditTrail {
    struct Entry: Equatable {
        var action: AuditAction
        var outcome: AuditOutcome
    }

    private let stored = Mutex<[Entry]>([])
    var entries: [Entry] { stored.withLock { $0 } }

    func record(_ action: AuditAction, patientID: String?, outcome: AuditOutcome) throws {
        #expect(patientID == nil, "a purge names no patient")
        stored.withLock { $0.append(Entry(action: action, outcome: outcome)) }
    }
}

/// Patients who left the census are purged once the retention period has passed since a sync
/// last saw them on it, never while the outbox holds their unsent changes; the clock is injected.
@Suite struct CensusRetentionTests {
    private static let day: TimeInterval = 86_400
    private static let start = Date(timeIntervalSince1970: 1_700_000_000)
    private let ids = FHIRSamples.people.map(\.id)

    /// A cache holding the three sample patients, all on the census at `start`, then the
    /// last one off it from `start + 1 day`.
    private func cacheWithOneLeaver() throws -> (TemporaryCache, EncryptedCache) {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        try temporary.importWhole(FHIRSamples.census(), into: cache)
        let history = CensusHistory(cache: cache)
        try history.record(ids, at: Self.start)
        try history.record(Array(ids.prefix(2)), at: Self.start + Self.day)
        return (temporary, cache)
    }

    private func retention(_ cache: EncryptedCache, _ trail: RecordingTrail) -> CensusRetention {
        CensusRetention(cache: cache, trail: trail, period: 7 * Self.day)
    }

    /// Moves outbox `items` to `state` as the server's answer would (the drain's own audit
    /// entries are `OutboxDrainTests`'; this cache keeps no anchor).
    private static func mark(_ cache: EncryptedCache, _ items: [Int64], _ state: Outbox.State) throws {
        try cache.database.write { (connection) throws(CacheError) in
            let table = OutboxTable(connection: connection, sealer: cache.sealer)
            for item in items { try state == .sent ? table.markSent(item) : table.mark(item, state, message: "refused by the server") }
        }
    }

    /// Rows of `table` belonging to `patient`.
    private func rows(_ cache: EncryptedCache, _ table: String, of patient: String) throws -> Int64 {
        try cache.database.withConnection { (connection) throws(CacheError) in
            try connection.integer("SELECT count(*) FROM \(table) WHERE patient_index = ?", .blob(cache.sealer.patientIndex(patient)))
        }
    }

    @Test func aPatientIsKeptUntilThePeriodSinceTheyWereLastOnTheCensusHasPassed() throws {
        let (_, cache) = try cacheWithOneLeaver()
        let trail = RecordingTrail()
        let early = try retention(cache, trail).purgeExpired(at: Self.start + 7 * Self.day - 1)
        #expect(early == CensusRetention.Outcome())
        #expect(trail.entries.isEmpty)
        #expect(try cache.storedJSON(resourceType: "Patient", id: ids[2]) != nil)
    }

    @Test func aPurgeDeletesTheLeaversResourcesAndDerivedRowsAndNothingElse() throws {
        let (temporary, cache) = try cacheWithOneLeaver()
        let trail = RecordingTrail()
        let resourcesBefore = try temporary.rowCount(cache.database, table: "resource")
        let leaverRows = try rows(cache, "resource", of: ids[2])
        #expect(try rows(cache, "chart_bundle", of: ids[2]) > 0)

        let outcome = try retention(cache, trail).purgeExpired(at: Self.start + 7 * Self.day)
        #expect(outcome == CensusRetention.Outcome(purged: 1))
        for table in PatientPurge.tables { #expect(try rows(cache, table, of: ids[2]) == 0, "\(table)") }
        #expect(try temporary.rowCount(cache.database, table: "resource") == resourcesBefore - leaverRows)
        #expect(try cache.storedJSON(resourceType: "Patient", id: ids[0]) != nil)
        #expect(try cache.storedJSON(resourceType: "Location", id: "ward-4w") != nil, "shared resources stay")
        #expect(try temporary.rowCount(cache.database, table: "patient_list") == 2)
        #expect(trail.entries == [.init(action: .purge(patients: 1), outcome: .success)])
        #expect(try CensusHistory(cache: cache).lastSeen().keys.sorted() == Array(ids.prefix(2)))

        let again = try retention(cache, trail).purgeExpired(at: Self.start + 30 * Self.day)
        #expect(again == CensusRetention.Outcome(), "the census patients are never due")
        #expect(trail.entries.count == 1)
    }

    /// A sent item still carries what was charted (sealed): it goes with the chart, while
    /// another patient's items stay.
    @Test func aPurgeDeletesTheLeaversSentOutboxItems() throws {
        let (_, cache) = try cacheWithOneLeaver()
        let outbox = Outbox(cache: cache)
        let items = try cache.database.write { (connection) throws(CacheError) -> [Int64] in
            let table = OutboxTable(connection: connection, sealer: cache.sealer)
            return try [ids[2], ids[0]].map { (id) throws(CacheError) in
                try table.enqueue(Data("HR 112 charted".utf8), patient: cache.sealer.patientIndex(id))
            }
        }
        try Self.mark(cache, items, .sent)
        #expect(try retention(cache, RecordingTrail()).purgeExpired(at: Self.start + 8 * Self.day) == CensusRetention.Outcome(purged: 1))
        #expect(try rows(cache, "outbox", of: ids[2]) == 0)
        #expect(try outbox.state(of: items[1]) == .sent, "another patient's items stay")
    }

    @Test func aPatientBackOnTheCensusIsNotPurged() throws {
        let (_, cache) = try cacheWithOneLeaver()
        try CensusHistory(cache: cache).record(ids, at: Self.start + 6 * Self.day)
        #expect(try retention(cache, RecordingTrail()).purgeExpired(at: Self.start + 20 * Self.day) == CensusRetention.Outcome())
        #expect(try cache.storedJSON(resourceType: "Patient", id: ids[2]) != nil)
    }

    @Test func unsentOutboxItemsHoldEveryPurgeUntilTheyAreSent() throws {
        let (_, cache) = try cacheWithOneLeaver()
        let trail = RecordingTrail()
        let outbox = Outbox(cache: cache)
        let item = try outbox.enqueue(Data("a change".utf8))
        let due = Self.start + 8 * Self.day
        #expect(try retention(cache, trail).purgeExpired(at: due) == CensusRetention.Outcome(heldForOutbox: 1))
        try Self.mark(cache, [item], .failed)
        #expect(try retention(cache, trail).purgeExpired(at: due) == CensusRetention.Outcome(heldForOutbox: 1), "failed is unsent too")
        #expect(try cache.storedJSON(resourceType: "Patient", id: ids[2]) != nil)
        #expect(trail.entries.isEmpty)

        try Self.mark(cache, [item], .sent)
        #expect(try retention(cache, trail).purgeExpired(at: due) == CensusRetention.Outcome(purged: 1))
        #expect(try cache.storedJSON(resourceType: "Patient", id: ids[2]) == nil)
    }

    @Test func unsentChangesHoldOnlyTheirOwnPatient() throws {
        let (_, cache) = try cacheWithOneLeaver()
        try CensusHistory(cache: cache).record([ids[0]], at: Self.start + Self.day)
        let held = try cache.database.write { (connection) throws(CacheError) -> Int64 in
            try OutboxTable(connection: connection, sealer: cache.sealer)
                .enqueue(Data("charted before the discharge".utf8), patient: cache.sealer.patientIndex(ids[2]))
        }
        let due = Self.start + 9 * Self.day
        #expect(try retention(cache, RecordingTrail()).purgeExpired(at: due) == CensusRetention.Outcome(purged: 1, heldForOutbox: 1))
        #expect(try cache.storedJSON(resourceType: "Patient", id: ids[1]) == nil)
        #expect(try cache.storedJSON(resourceType: "Patient", id: ids[2]) != nil, "its change is still unsent")
        #expect(try Outbox(cache: cache).state(of: held) == .pending)
    }

    @Test func patientsOnACensusStoredBeforeLastSeenTimesWereKeptCountFromTheNextSync() throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        try temporary.importWhole(FHIRSamples.census(), into: cache)
        try SecretStore(cache: cache).set(try JSONEncoder().encode(ids), named: CensusHistory.censusSecret)
        let upgraded = Self.start + 3 * Self.day
        try CensusHistory(cache: cache).record(Array(ids.prefix(2)), at: upgraded)
        let trail = RecordingTrail()
        #expect(try retention(cache, trail).purgeExpired(at: upgraded + 7 * Self.day - 1).purged == 0)
        #expect(try retention(cache, trail).purgeExpired(at: upgraded + 7 * Self.day).purged == 1)
    }

    @Test func aPurgeThatCannotBeRecordedDeletesNothing() throws {
        struct Refusing: AuditTrail {
            struct Refused: Error {}
            func record(_ action: AuditAction, patientID: String?, outcome: AuditOutcome) throws { throw Refused() }
        }
        let (_, cache) = try cacheWithOneLeaver()
        #expect(throws: Refusing.Refused.self) {
            _ = try CensusRetention(cache: cache, trail: Refusing(), period: 7 * Self.day).purgeExpired(at: Self.start + 9 * Self.day)
        }
        #expect(try cache.storedJSON(resourceType: "Patient", id: ids[2]) != nil)
    }

    /// When each user opened a purged patient's Results goes with the patient; the others' stay.
    @Test func aPurgeForgetsWhoOpenedTheLeaversResults() async throws {
        let (_, cache) = try cacheWithOneLeaver()
        let nurse = CachedResultViews(cache: cache, user: "nurse1"), doctor = CachedResultViews(cache: cache, user: "drsmith")
        try await nurse.recordViewed(patientID: ids[2], at: Self.start)
        try await nurse.recordViewed(patientID: ids[0], at: Self.start)
        try await doctor.recordViewed(patientID: ids[2], at: Self.start)

        #expect(try retention(cache, RecordingTrail()).purgeExpired(at: Self.start + 7 * Self.day) == CensusRetention.Outcome(purged: 1))
        #expect(try await nurse.lastViewed(patientID: ids[2]) == .distantPast)
        #expect(try await doctor.lastViewed(patientID: ids[2]) == .distantPast)
        #expect(try await nurse.lastViewed(patientID: ids[0]) == Self.start, "another patient's view stays")
    }
}
