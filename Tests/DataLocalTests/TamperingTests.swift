import CoreDomain
import Foundation
@testable import DataLocal
import SecurityKit
import Testing

/// Sealed values are bound to their row: altered or moved ones are reported by row id and
/// skipped, and the rest of the cache stays usable.
@Suite struct TamperingTests {
    private let people = FHIRSamples.people

    private func importedCensus(_ cache: TemporaryCache) throws -> EncryptedCache {
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 3), into: store)
        return store
    }

    private func rowID(_ store: EncryptedCache, type: String, id: String) throws -> Int64 {
        let key = store.sealer.resourceIndex(type: type, id: id)
        return try store.database.withConnection { (connection) throws(CacheError) in
            try connection.integer("SELECT row_id FROM resource WHERE key_index = ?", .blob(key))
        }
    }

    private func execute(_ store: EncryptedCache, _ sql: String, _ values: SQLiteValue...) throws {
        try store.database.withConnection { (connection) throws(CacheError) in
            let statement = try connection.statement(sql)
            try statement.bindAll(values)
            try statement.run()
        }
    }

    private func flipByte(_ store: EncryptedCache, table: String, column: String, rowID: Int64) throws {
        try execute(store, "UPDATE \(table) SET \(column) = \(flippedByteSQL(column)) WHERE row_id = ?", .integer(rowID))
    }

    /// Every list row damaged read as "Patients 0 / No patients": an empty ward. It is damage.
    @Test func aListWhoseEveryRowIsDamagedIsReportedNotShownEmpty() throws {
        let cache = TemporaryCache()
        let store = try importedCensus(cache)
        try execute(store, "UPDATE patient_list SET entry = \(flippedByteSQL("entry"))")
        #expect(throws: CacheError.self) { _ = try CachedPatientDirectory(cache: store) }
        do {
            _ = try CachedPatientDirectory(cache: store)
        } catch {
            #expect(error.description.contains("failed its integrity check"), "\(error.description)")
        }
    }

    @Test func aFlippedByteLeavesOutThatRecordOnlyAndNamesItsRow() async throws {
        let cache = TemporaryCache()
        let store = try importedCensus(cache)
        let victim = try rowID(store, type: "Observation", id: "hr-pat-1-1")
        try flipByte(store, table: "resource", column: "record", rowID: victim)
        let later = FHIRSamples.heartRate(people[0], index: 9, value: 80, at: "2024-02-22T08:00:00Z")
        try cache.importWhole([later], into: store, named: "later.ndjson")
        let expected: Set = ["hr-pat-1-0", "hr-pat-1-2", "hr-pat-1-9", "glu-pat-1"]
        #expect(Set(try await CachedChartRepository(cache: store).observations(patientID: people[0].id, category: nil).map(\.id)) == expected)
        #expect(store.integrityProblems == [.tampered(table: "resource", rowID: victim)])
        #expect(store.integrityProblems.first?.description.contains("Record \(victim) ") == true)
        let nextSession = try cache.unlock()
        #expect(Set(try await CachedChartRepository(cache: nextSession).observations(patientID: people[0].id, category: nil).map(\.id)) == expected)
        #expect(nextSession.integrityProblems == [.tampered(table: "resource", rowID: victim)], "every later read still says what is missing")
    }

    @Test func aBlobMovedToAnotherRowFailsToOpen() async throws {
        let cache = TemporaryCache()
        let store = try importedCensus(cache)
        let source = try rowID(store, type: "Observation", id: "hr-pat-1-0")
        let target = try rowID(store, type: "Observation", id: "hr-pat-1-2")
        try execute(store, "UPDATE resource SET record = (SELECT record FROM resource WHERE row_id = ?) WHERE row_id = ?",
                    .integer(source), .integer(target))
        try execute(store, "DELETE FROM chart_bundle")
        let ids = try await CachedChartRepository(cache: store).observations(patientID: people[0].id, category: nil).map(\.id)
        #expect(!ids.contains("hr-pat-1-2"))
        #expect(ids.filter { $0 == "hr-pat-1-0" }.count == 1, "the copy does not show as a second reading")
        #expect(try store.storedJSON(resourceType: "Observation", id: "hr-pat-1-2") == nil)
        #expect(Set(store.integrityProblems) == [.tampered(table: "resource", rowID: target)])
    }

    @Test func aTamperedBundleIsReportedAndTheChartReadFromTheRows() async throws {
        let cache = TemporaryCache()
        let store = try importedCensus(cache)
        let bundle = try store.database.withConnection { (connection) throws(CacheError) in
            try connection.integer("SELECT row_id FROM chart_bundle WHERE patient_index = ? AND resource_type = 'Observation'",
                                   .blob(store.sealer.patientIndex(people[0].id)))
        }
        try flipByte(store, table: "chart_bundle", column: "payload", rowID: bundle)
        #expect(try await CachedChartRepository(cache: store).observations(patientID: people[0].id, category: nil).count == 4)
        #expect(store.integrityProblems == [.tampered(table: "chart_bundle", rowID: bundle)])
    }

    /// An older bundle put back (or one a writer forgot to rebuild) no longer matches the rows.
    @Test func aStaleBundleIsNotUsed() async throws {
        let cache = TemporaryCache()
        let store = try importedCensus(cache)
        let patient = store.sealer.patientIndex(people[0].id)
        let old = try store.database.withConnection { (connection) throws(CacheError) in
            try connection.statement("SELECT payload FROM chart_bundle WHERE patient_index = ? AND resource_type = 'Observation'")
                .bind(.blob(patient)).rows { $0.blob(0) ?? Data() }
        }
        let later = FHIRSamples.heartRate(people[0], index: 9, value: 80, at: "2024-02-22T08:00:00Z")
        try cache.importWhole([later], into: store, named: "later.ndjson")
        try execute(store, "UPDATE chart_bundle SET payload = ? WHERE patient_index = ? AND resource_type = 'Observation'",
                    .blob(try #require(old.first)), .blob(patient))
        let ids = try await CachedChartRepository(cache: store).observations(patientID: people[0].id, category: nil).map(\.id)
        #expect(ids.contains("hr-pat-1-9"))
        #expect(ids.count == 5)
    }

    @Test func aRecordReassignedToAnotherPatientShowsInNoChart() async throws {
        let cache = TemporaryCache()
        let store = try importedCensus(cache)
        let moved = try rowID(store, type: "Observation", id: "glu-pat-1")
        try execute(store, "UPDATE resource SET patient_index = ? WHERE row_id = ?", .blob(store.sealer.patientIndex(people[1].id)), .integer(moved))
        let chart = CachedChartRepository(cache: store)
        #expect(try await chart.observations(patientID: people[1].id, category: .laboratory).map(\.id) == ["glu-pat-2"])
        #expect(try await chart.observations(patientID: people[0].id, category: .laboratory).isEmpty)
        #expect(store.integrityProblems == [.tampered(table: "resource", rowID: moved)])
    }

    @Test func aTamperedListRowIsLeftOutOfTheCensus() async throws {
        let cache = TemporaryCache()
        let store = try importedCensus(cache)
        try execute(store, "UPDATE patient_list SET entry = (SELECT entry FROM patient_list WHERE row_id = 1) WHERE row_id = 2")
        let entries = try await CachedPatientDirectory(cache: store).listEntries(ward: nil)
        #expect(entries.count == 2)
        #expect(store.integrityProblems == [.tampered(table: "patient_list", rowID: 2)])
    }

    /// A user's damaged Results views read as never opened (every result new: the safe side),
    /// and the damage is reported like any other row's, not taken silently as "never viewed".
    @Test func aDamagedResultViewRowIsReportedAndReadsAsNeverOpened() async throws {
        let cache = TemporaryCache()
        let store = try importedCensus(cache)
        let views = CachedResultViews(cache: store, user: "nurse1")
        try await views.recordViewed(patientID: people[0].id, at: Date(timeIntervalSince1970: 1_750_000_000))
        let row = try store.database.withConnection { (connection) throws(CacheError) in
            try connection.integer("SELECT row_id FROM result_view")
        }
        try flipByte(store, table: "result_view", column: "views", rowID: row)

        #expect(try await views.lastViewed(patientID: people[0].id) == .distantPast)
        #expect(store.integrityProblems == [.tampered(table: "result_view", rowID: row)])
        _ = try await CachedPatientDirectory(cache: store, resultsViewer: "nurse1").listEntries(ward: nil)
        #expect(store.integrityProblems == [.tampered(table: "result_view", rowID: row)], "the list's read reports the same row, once")
    }

    @Test func anotherDataKeyIsRefusedAsAWrongKey() throws {
        let cache = TemporaryCache()
        _ = try importedCensus(cache)
        let error = #expect(throws: CacheError.self) { try EncryptedCache(database: try cache.open(), dataKey: SecretBytes(count: 32)) }
        #expect(error == .wrongKey(path: cache.location.databasePath))
        #expect(try cache.unlock().integrityProblems.isEmpty, "the right key still opens it")
    }

    @Test func anEmptyCacheAcceptsItsFirstKeyAndThenOnlyThatOne() throws {
        let cache = TemporaryCache()
        _ = try cache.unlock()
        _ = try cache.unlock()
        #expect(throws: CacheError.wrongKey(path: cache.location.databasePath)) {
            try EncryptedCache(database: try cache.open(), dataKey: SecretBytes(count: 32))
        }
    }
}
