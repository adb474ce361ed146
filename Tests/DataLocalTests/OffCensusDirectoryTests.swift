import CoreDomain
@testable import DataLocal
import Foundation
import Testing

/// The directory marks the cached patients who are not on the last sync's census, as the index
/// is built; before any sync (demo, `emr import`) nobody is marked.
@Suite struct OffCensusDirectoryTests {
    private let ids = FHIRSamples.people.map(\.id)

    private func imported(_ temporary: TemporaryCache) throws -> EncryptedCache {
        let cache = try temporary.unlock()
        try temporary.importWhole(FHIRSamples.census(), into: cache)
        return cache
    }

    /// Patient id to its row's mark, for every listed patient.
    private func marks(_ directory: CachedPatientDirectory) async throws -> [String: Bool] {
        Dictionary(uniqueKeysWithValues: try await directory.listEntries(ward: nil).map { ($0.id, $0.isOffCensus) })
    }

    @Test func aPatientOutsideTheRecordedCensusIsMarkedAndTheCensusIsNot() async throws {
        let temporary = TemporaryCache()
        let cache = try imported(temporary)
        try CensusHistory(cache: cache).record(Array(ids.prefix(2)), at: Date())
        let directory = try CachedPatientDirectory(cache: cache)
        #expect(try await marks(directory) == [ids[0]: false, ids[1]: false, ids[2]: true])
        let found = try await directory.search(PatientSearch(text: FHIRSamples.people[2].family))
        #expect(found.entries.map(\.isOffCensus) == [true], "a search returns the marked row")
    }

    @Test func withoutARecordedCensusNobodyIsMarked() async throws {
        let temporary = TemporaryCache()
        let directory = try CachedPatientDirectory(cache: try imported(temporary))
        #expect(try await marks(directory) == Dictionary(uniqueKeysWithValues: ids.map { ($0, false) }))
    }

    @Test func aSyncThatFoundTheCensusEmptyMarksEveryone() async throws {
        let temporary = TemporaryCache()
        let cache = try imported(temporary)
        try CensusHistory(cache: cache).record([], at: Date())
        let directory = try CachedPatientDirectory(cache: cache)
        #expect(try await marks(directory) == Dictionary(uniqueKeysWithValues: ids.map { ($0, true) }))
    }

    @Test func theMarksFollowANewCensusOnReloadNotBefore() async throws {
        let temporary = TemporaryCache()
        let cache = try imported(temporary)
        let history = CensusHistory(cache: cache)
        try history.record(ids, at: Date())
        let directory = try CachedPatientDirectory(cache: cache)
        #expect(try await marks(directory).values.allSatisfy { !$0 })

        try history.record([ids[1]], at: Date())
        #expect(try await marks(directory).values.allSatisfy { !$0 }, "read when the index is built, not per call")
        try directory.reload()
        #expect(try await marks(directory) == [ids[0]: true, ids[1]: false, ids[2]: true])
    }

    @Test func theMarkIsNotStoredWithTheSealedRow() async throws {
        let temporary = TemporaryCache()
        let cache = try imported(temporary)
        try CensusHistory(cache: cache).record([ids[0]], at: Date())
        _ = try CachedPatientDirectory(cache: cache)
        let stored = try cache.read { (resources) throws(CacheError) in try PatientListTable(resources: resources).entries() }
        #expect(stored.count == ids.count && stored.allSatisfy { !$0.isOffCensus })
    }
}
