import CoreDomain
import Foundation
@testable import DataLocal
import Testing

@Suite struct CacheImporterTests {
    private let people = FHIRSamples.people

    @Test func importsACensusAndSaysWhatItStored() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let summary = try CacheImporter(cache: store).importFile(at: try cache.source(FHIRSamples.census(vitals: 3)))
        #expect(summary.file == "import.ndjson")
        #expect(summary.importedByType == ["Location": 5, "Patient": 3, "Encounter": 3, "AllergyIntolerance": 3, "Observation": 12])
        #expect(summary.importedCount == 26)
        #expect(summary.patientsUpdated == 3)
        #expect(summary.skipped.isEmpty)
        #expect(try cache.rowCount(store.database, table: "resource") == 26)
        #expect(try cache.rowCount(store.database, table: "patient_list") == 3)
    }

    /// Ten files of one patient said "55 patients": each file's count of rebuilt rows was summed.
    @Test func eachFileNamesThePatientsWhoseRecordsItHeldAsBlindIndexes() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let census = try CacheImporter(cache: store).importFile(at: try cache.source(FHIRSamples.census(vitals: 1)))
        #expect(census.patientsWithRecords.count == 3)
        var union = census.patientsWithRecords
        for index in 10..<13 {
            let later = FHIRSamples.heartRate(people[0], index: index, value: 80, at: "2024-02-2\(index - 10)T08:00:00Z")
            let summary = try CacheImporter(cache: store).importFile(at: try cache.source([later], named: "later-\(index).ndjson"))
            #expect(summary.patientsWithRecords.count == 1)
            union.formUnion(summary.patientsWithRecords)
        }
        #expect(union.count == 3, "the same patient's later files add nobody")
        #expect(!union.contains { String(decoding: $0, as: UTF8.self).contains(people[0].id) }, "blind indexes, not ids")
    }

    @Test func reimportingTheSameFileAddsNoDuplicates() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let source = try cache.source(FHIRSamples.census())
        let first = try CacheImporter(cache: store).importFile(at: source)
        let second = try CacheImporter(cache: store).importFile(at: source)
        #expect(second.importedCount == 0 && second.unchanged == first.importedCount,
                "what is held exactly is unchanged, not imported again (it said `imported 26 resources` again)")
        #expect(try cache.rowCount(store.database, table: "resource") == Int64(first.importedCount))
        #expect(try cache.rowCount(store.database, table: "patient_list") == 3)
        #expect(second.patientsUpdated == 3, "the rows are worked out again, as for any import of their records")
    }

    /// One changed resource in a file imported again is stored; the rest are unchanged.
    @Test func aFileImportedAgainWithOneChangeStoresOnlyThatOne() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let importer = CacheImporter(cache: store)
        _ = try importer.importFile(at: try cache.source(FHIRSamples.census(), named: "a.ndjson"))
        var lines = FHIRSamples.census()
        let index = try #require(lines.firstIndex { $0.contains("\"Patient\"") })
        lines[index] = lines[index].replacingOccurrences(of: "\"gender\":\"female\"", with: "\"gender\":\"male\"")
            .replacingOccurrences(of: "\"gender\": \"female\"", with: "\"gender\": \"male\"")
        let again = try importer.importFile(at: try cache.source(lines, named: "b.ndjson"))
        let changed = lines[index] != FHIRSamples.census()[index]
        #expect(changed, "the sample has a female patient to change")
        #expect(again.importedCount == 1 && again.unchanged == lines.count - 1, "\(again.importedByType), \(again.unchanged) unchanged")
    }

    /// Types the workstation does not use are counted per type, for one line, not one each.
    @Test func unusedTypesAreCountedPerType() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let claims = (1...3).map { #"{"resourceType":"Claim","id":"c\#($0)"}"# } + [#"{"resourceType":"Coverage","id":"v1"}"#]
        let summary = try CacheImporter(cache: store).importFile(at: try cache.source(FHIRSamples.census() + claims, named: "mixed.ndjson"))
        #expect(summary.unusedByType == ["Claim": 3, "Coverage": 1])
        #expect(summary.skipped.isEmpty)
    }

    @Test func aNewerVersionReplacesAndAnOlderOneIsKeptOut() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let importer = CacheImporter(cache: store)
        var renamed = people[0]
        renamed.family = "Okonkwo-Byrne"
        let v1 = try cache.source([FHIRSamples.patient(people[0], version: 1, lastUpdated: "2024-01-01T00:00:00Z")], named: "v1.ndjson")
        let v2 = try cache.source([FHIRSamples.patient(renamed, version: 2, lastUpdated: "2024-02-01T00:00:00Z")], named: "v2.ndjson")
        #expect(try importer.importFile(at: v1).importedCount == 1)
        #expect(try importer.importFile(at: v2).importedCount == 1)
        let stale = try importer.importFile(at: v1)
        #expect(stale.importedCount == 0)
        #expect(stale.keptNewer == 1)
        let chart = CachedChartRepository(cache: store)
        #expect(try await chart.patient(id: people[0].id)?.name.family == "Okonkwo-Byrne")
        #expect(try await CachedPatientDirectory(cache: store).listEntries(ward: nil).map(\.patient.name.family) == ["Okonkwo-Byrne"])
    }

    @Test func resourcesThatFailToDecodeAreSkippedAndReportedTheRestStored() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        var lines = FHIRSamples.census(vitals: 1)
        lines.insert(FHIRSamples.brokenObservation(people[1]), at: 7)
        let summary = try CacheImporter(cache: store).importFile(at: try cache.source(lines, named: "ward.ndjson"))
        let skipped = try #require(summary.skipped.first)
        #expect(summary.skipped.count == 1)
        #expect(skipped.file == "ward.ndjson")
        #expect(skipped.location == "line 8")
        #expect(skipped.resourceType == "Observation")
        #expect(skipped.resourceID == "broken-pat-2")
        #expect(!skipped.message.isEmpty)
        #expect(summary.importedCount == lines.count - 1)
    }

    /// One transaction per file: a failure after some rows were written leaves none of them.
    @Test func aFailureMidFileStoresNothingFromThatFile() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.locations(), into: store, named: "locations.ndjson")
        try store.database.withConnection { (connection) throws(CacheError) in
            try connection.execute("""
                CREATE TEMP TRIGGER fail_mid_file AFTER INSERT ON resource
                WHEN (SELECT count(*) FROM resource) >= 12 BEGIN SELECT RAISE(ABORT, 'simulated failure'); END
                """)
        }
        #expect(throws: CacheError.self) { try CacheImporter(cache: store).importFile(at: try cache.source(FHIRSamples.census())) }
        #expect(try cache.rowCount(store.database, table: "resource") == 5)
        #expect(try cache.rowCount(store.database, table: "patient_list") == 0)
    }

    /// What the demo does with its fixtures (emr's `DemoDateShift`), through the general seam.
    @Test func aStoredValueRuleChangesTheStoredValuesAndKeepsTheJSONAsReceived() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let lines = FHIRSamples.census(vitals: 1)
        let shift: TimeInterval = 10 * 86_400
        let rule = StoredValueRule { $0.rewritingDates(instant: { $0.addingTimeInterval(shift) }, day: { $0.shifted(by: shift) }) }
        _ = try CacheImporter(cache: store, storing: rule).importFile(at: try cache.source(lines))
        let newest = try #require(ISO8601DateFormatter().date(from: FHIRSamples.newest))
        let labs = try await CachedChartRepository(cache: store).observations(patientID: people[0].id, category: .laboratory)
        #expect(labs.map(\.effective) == [newest.addingTimeInterval(shift)])
        let patient = try await CachedChartRepository(cache: store).patient(id: people[0].id)
        #expect(patient?.birthDate == PartialDate(year: 1954, month: 4, day: 22))
        let json = try store.storedJSON(resourceType: "Observation", id: "glu-\(people[0].id)")
        #expect(json == Data(FHIRSamples.glucose(people[0]).utf8))
    }

    @Test func aMissingFileIsReportedByName() throws {
        let cache = TemporaryCache()
        let missing = URL(fileURLWithPath: cache.root + "/nowhere.ndjson")
        let error = #expect(throws: CacheError.self) { try CacheImporter(cache: try cache.unlock()).importFile(at: missing) }
        guard case .unreadableSource(let path, _) = error else { Issue.record("unexpected \(String(describing: error))"); return }
        #expect(path.hasSuffix("nowhere.ndjson"))
    }
}
