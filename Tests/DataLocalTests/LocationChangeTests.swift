import CoreDomain
import Foundation
@testable import DataLocal
import Testing

/// Synthea-style files repeat the hospital's locations in every patient's file: rebuilding every
/// cached patient's row for each of them made an import slow down as the census grew (33 ms a
/// file at first, 419 ms at 150 patients). Only the rows a changed location can reach are rebuilt.
@Suite struct LocationChangeTests {
    private let people = FHIRSamples.people

    private func wardLabels(_ store: EncryptedCache) async throws -> [String: String] {
        let entries = try await CachedPatientDirectory(cache: store).listEntries(ward: nil)
        return Dictionary(uniqueKeysWithValues: entries.map { ($0.patient.id, $0.location?.label ?? "") })
    }

    @Test func aFileRepeatingTheStoredLocationsRebuildsOnlyItsOwnPatient() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        let later = FHIRSamples.locations() + [FHIRSamples.heartRate(people[0], index: 7, value: 80)]
        let summary = try CacheImporter(cache: store).importFile(at: try cache.source(later, named: "later.ndjson"))
        #expect(summary.unchanged == 5 && summary.importedByType["Location"] == nil, "the same locations are held unchanged")
        #expect(summary.patientsUpdated == 1, "the other two rows name nothing that changed")
    }

    @Test func aRenamedWardRebuildsEveryRowInItsBeds() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        let renamed = FHIRSamples.locations()[0].replacingOccurrences(of: "4 West", with: "4 West B")
        let summary = try CacheImporter(cache: store).importFile(at: try cache.source([renamed], named: "ward.ndjson"))
        #expect(summary.patientsUpdated == 3)
        #expect(try await wardLabels(store).values.sorted() == ["4 West B · Bed 1", "4 West B · Bed 2", "4 West B · Bed 3"])
    }

    @Test func aNewBedRebuildsOnlyTheRowsWhoseEncounterNamesIt() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        var lines = FHIRSamples.census(vitals: 1)
        // The first patient's encounter names a bed the cache does not hold yet.
        lines = lines.map { $0 == FHIRSamples.encounter(people[0], bed: 0) ? FHIRSamples.encounter(people[0], bed: 7) : $0 }
        try cache.importWhole(lines, into: store)
        #expect(try await wardLabels(store)[people[0].id] == "")
        let bed7 = FHIRSamples.locations()[2].replacingOccurrences(of: "bed-0", with: "bed-7").replacingOccurrences(of: "Bed 1", with: "Bed 8")
        let bed8 = bed7.replacingOccurrences(of: "bed-7", with: "bed-8").replacingOccurrences(of: "Bed 8", with: "Bed 9")
        let first = try CacheImporter(cache: store).importFile(at: try cache.source([bed7], named: "bed7.ndjson"))
        #expect(first.patientsUpdated == 1)
        #expect(try await wardLabels(store)[people[0].id] == "4 West · Bed 8")
        let second = try CacheImporter(cache: store).importFile(at: try cache.source([bed8], named: "bed8.ndjson"))
        #expect(second.patientsUpdated == 0, "no encounter names bed-8")
    }
}
