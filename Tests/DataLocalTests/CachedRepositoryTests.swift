import CoreDomain
import CoreUseCases
import Foundation
@testable import DataLocal
import Testing

@Suite struct CachedRepositoryTests {
    private let people = FHIRSamples.people

    private func importedCensus(_ cache: TemporaryCache) throws -> EncryptedCache {
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 3), into: store)
        return store
    }

    @Test func theDirectoryListsEveryPatientWithBedAllergyAndVitalMarkers() async throws {
        let cache = TemporaryCache()
        let directory = try CachedPatientDirectory(cache: try importedCensus(cache))
        let entries = try await directory.listEntries(ward: nil)
        #expect(Set(entries.map(\.patient.mrn)) == Set(people.map(\.mrn)))
        let first = try #require(entries.first { $0.patient.id == people[0].id })
        #expect(first.location == BedLocation(ward: "4 West", room: "Room 12", bed: "Bed 1"))
        #expect(first.hasSevereAllergy)
        #expect(first.hasAbnormalVital, "the latest heart rate is 130/min")
        #expect(try await directory.wards() == ["4 West"])
        #expect(try await directory.listEntries(ward: "3 East").isEmpty)
    }

    @Test func searchRunsOnTheIndexBuiltFromSealedRowsAfterUnlock() async throws {
        let cache = TemporaryCache()
        _ = try importedCensus(cache)
        let reopened = try CachedPatientDirectory(cache: try cache.unlock())
        let page = try await reopened.search(PatientSearch(text: "lindq"))
        #expect(page.total == 1)
        #expect(page.entries.first?.patient.id == people[1].id)
    }

    @Test func reloadPicksUpANewImport() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let directory = try CachedPatientDirectory(cache: store)
        #expect(try await directory.listEntries(ward: nil).isEmpty)
        try cache.importWhole(FHIRSamples.census(), into: store)
        try directory.reload()
        #expect(try await directory.listEntries(ward: nil).count == 3)
    }

    /// A dose another system recorded is stored, read back with its order, and stands on the
    /// MAR as given, by whom and when.
    @Test func anImportedDoseShowsOnTheMARAsGiven() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let person = people[0]
        try cache.importWhole(FHIRSamples.locations() + [FHIRSamples.patient(person), FHIRSamples.twiceDailyOrder(person),
                                                         FHIRSamples.doseGiven(person)], into: store)
        let chart = CachedChartRepository(cache: store)
        #expect(try await chart.medicationAdministrations(patientID: person.id).map(\.requestID) == ["med-\(person.id)"])
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let noon = ISO8601DateFormatter().date(from: "2024-02-21T12:00:00Z")!
        let list = try await LoadMedications(chart: chart, calendar: utc) { noon }(patientID: person.id)
        let record = try #require(list.record)
        #expect(record.doses.map { $0.status(at: noon, window: record.window) } == [
            .missed, .given(at: ISO8601DateFormatter().date(from: "2024-02-21T08:10:00Z")!, by: "nurse7"), .upcoming,
        ], "yesterday's 20:00 never recorded, this morning's given, tonight's to come")
    }

    @Test func theChartReadsEveryRecordType() async throws {
        let cache = TemporaryCache()
        let chart = CachedChartRepository(cache: try importedCensus(cache))
        let id = people[2].id
        #expect(try await chart.patient(id: id)?.name.given == [people[2].given])
        #expect(try await chart.encounters(patientID: id).map(\.locationIDs) == [["bed-2"]])
        #expect(try await chart.observations(patientID: id, category: nil).count == 4)
        #expect(try await chart.observations(patientID: id, category: .vitalSigns).count == 3)
        #expect(try await chart.observations(patientID: id, category: .laboratory).map(\.id) == ["glu-\(id)"])
        #expect(try await chart.allergies(patientID: id).map(\.criticality) == [.high])
        #expect(try await chart.medicationRequests(patientID: id).isEmpty)
        #expect(try await chart.conditions(patientID: id).isEmpty)
        #expect(try await chart.location(id: "room-12")?.partOfID == "ward-4w")
        #expect(try await chart.practitioner(id: "nobody") == nil)
        #expect(try await chart.patient(id: "nobody") == nil)
    }

    /// A report imported after its results groups them; the Results worksheet reads both from the cache.
    @Test func reportsAreStoredPerPatientAndGroupTheResults() async throws {
        let cache = TemporaryCache()
        let store = try importedCensus(cache)
        let reports = try CacheImporter(cache: store).importFile(at: try cache.source(people.map(FHIRSamples.report), named: "reports.ndjson"))
        #expect(reports.importedCount == people.count && reports.skipped.isEmpty)
        let chart = CachedChartRepository(cache: store)
        let id = people[1].id
        #expect(try await chart.diagnosticReports(patientID: id).map(\.resultIDs) == [["glu-\(id)"]])
        let worksheet = try await LoadResults(chart: chart)(patientID: id)
        #expect(worksheet.panels.map(\.title) == ["Glucose panel"])
        #expect(worksheet.panels.first?.conclusion == "Within range")
        #expect(worksheet.tests.map(\.key) == ["2345-7"], "heart rates are vital signs, not results")
    }

    @Test func aLaterFileUpdatesThePatientsListRow() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let person = people[0]
        try cache.importWhole([FHIRSamples.patient(person)], into: store, named: "patients.ndjson")
        let before = try await CachedPatientDirectory(cache: store).listEntries(ward: nil)
        #expect(before.map(\.location) == [nil])
        try cache.importWhole(FHIRSamples.locations() + [FHIRSamples.encounter(person, bed: 0)], into: store, named: "adt.ndjson")
        let after = try await CachedPatientDirectory(cache: store).listEntries(ward: nil)
        #expect(after.map(\.location?.bed) == ["Bed 1"])
    }

    /// List rows come from chart bundles when a file changes no chart (Patient resources last):
    /// they must equal what the use cases compute from the charts themselves.
    @Test func listRowsMatchTheChartsWhateverTheFileOrder() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let byType = Dictionary(grouping: FHIRSamples.census(vitals: 4)) { line in
            String(line.split(separator: "\"")[3])
        }
        for type in byType.keys.sorted() {
            try cache.importWhole(byType[type] ?? [], into: store, named: "\(type).ndjson")
        }
        let chart = CachedChartRepository(cache: store)
        var locations: [Location] = []
        for id in ["ward-4w", "room-12", "bed-0", "bed-1", "bed-2"] {
            locations.append(try #require(try await chart.location(id: id)))
        }
        let builder = PatientListEntryBuilder(locations: locations)
        var expected: [PatientListEntry] = []
        for person in people {
            let patient = try #require(try await chart.patient(id: person.id))
            expected.append(builder.entry(
                for: patient, encounters: try await chart.encounters(patientID: person.id),
                allergies: try await chart.allergies(patientID: person.id),
                observations: try await chart.observations(patientID: person.id, category: nil), now: Date()))
        }
        let listed = try await CachedPatientDirectory(cache: store).listEntries(ward: nil)
        #expect(Set(listed) == Set(expected))
        #expect(listed.allSatisfy { $0.location?.bed != nil && $0.hasAbnormalVital })
    }
}
