import CoreDomain
import DataFHIR
import Foundation
@testable import DataLocal
import Testing

/// New results: each result carries when it reached the cache, each user's opened Results tabs
/// are kept sealed, and the list marks a patient whose newest result this user has not seen.
@Suite struct NewResultsTests {
    private let person = FHIRSamples.people[0]
    private let other = FHIRSamples.people[1]

    private func census(_ cache: TemporaryCache, _ store: EncryptedCache) throws {
        try cache.importWhole(FHIRSamples.locations() + [FHIRSamples.patient(person), FHIRSamples.encounter(person, bed: 0),
                                                         FHIRSamples.patient(other), FHIRSamples.encounter(other, bed: 1)],
                              into: store, named: "census.ndjson")
    }

    private func received(_ store: EncryptedCache, _ id: String) async throws -> Date? {
        try await CachedChartRepository(cache: store).observations(patientID: person.id, category: nil).first { $0.id == id }?.received
    }

    /// Another copy of the glucose with a different value: the same result, corrected.
    private var correctedGlucose: String {
        FHIRSamples.glucose(person).replacingOccurrences(of: #""value":5.4"#, with: #""value":7.9"#)
    }

    @Test func aResultKeepsWhenItFirstArrivedUntilItChanges() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let before = Date()
        try cache.importWhole([FHIRSamples.patient(person), FHIRSamples.glucose(person)], into: store, named: "first.ndjson")
        let arrived = try #require(try await received(store, "glu-\(person.id)"))
        // Kept to the millisecond, rounded up (so never before a look taken in the same one).
        #expect(arrived >= before && arrived <= Date().addingTimeInterval(0.001))

        try cache.importWhole([FHIRSamples.glucose(person)], into: store, named: "again.ndjson")
        #expect(try await received(store, "glu-\(person.id)") == arrived, "the same result sent again has not arrived again")

        // The clock past the first arrival's millisecond, so the change can only be later.
        while Date() <= arrived { await Task.yield() }
        try cache.importWhole([correctedGlucose], into: store, named: "corrected.ndjson")
        let corrected = try #require(try await received(store, "glu-\(person.id)"))
        #expect(corrected > arrived, "a changed result arrives anew")
    }

    /// Results as servers send them, not as the fixtures are: with no effective time, with only
    /// a text value. Sent again unchanged, each keeps when it first arrived, or its patient's
    /// `R` would come back after every look.
    @Test(arguments: [
        #"{"resourceType":"Observation","id":"k-1","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"2823-3"}],"text":"Potassium"},"subject":{"reference":"Patient/PID"},"valueQuantity":{"value":6.9,"unit":"mmol/L"}}"#,
        #"{"resourceType":"Observation","id":"k-1","status":"final","category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"laboratory"}]}],"code":{"text":"Culture"},"subject":{"reference":"Patient/PID"},"effectiveDateTime":"2026-01-02T08:00:00Z","valueString":"no growth at 48 h"}"#,
    ])
    func aMessyResultSentAgainUnchangedKeepsWhenItFirstArrived(_ json: String) async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let resource = json.replacingOccurrences(of: "PID", with: person.id)
        try cache.importWhole([FHIRSamples.patient(person), resource], into: store, named: "first.ndjson")
        let arrived = try #require(try await received(store, "k-1"))
        while Date() <= arrived.addingTimeInterval(0.002) { await Task.yield() }
        try cache.importWhole([resource], into: store, named: "again.ndjson")
        #expect(try await received(store, "k-1") == arrived)
    }

    /// A sync stores what it fetched as an import does (`CensusSync`), so its results arrive too.
    @Test func aResultASyncStoresIsStampedAndMarksTheRow() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try census(cache, store)
        let before = Date()
        let fetched = FHIRReader().read(Data(FHIRSamples.glucose(person).utf8)).resources
        _ = try CacheImporter(cache: store).importResources(fetched, source: "sync")
        let arrived = try #require(try await received(store, "glu-\(person.id)"))
        #expect(arrived >= before.addingTimeInterval(-0.001))
        let directory = try CachedPatientDirectory(cache: store, resultsViewer: "nurse1")
        #expect(try await directory.listEntries(ward: nil).filter(\.hasNewResults).map(\.id) == [person.id])
    }

    @Test func aUsersViewsAreTheirOwnAndSealed() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try census(cache, store)
        let nurse = CachedResultViews(cache: store, user: "nurse1"), doctor = CachedResultViews(cache: store, user: "drsmith")
        #expect(try await nurse.lastViewed(patientID: person.id) == .distantPast, "never opened: everything is new")
        let opened = Date(timeIntervalSince1970: 1_750_000_000)
        try await nurse.recordViewed(patientID: person.id, at: opened)
        try await nurse.recordViewed(patientID: other.id, at: opened.addingTimeInterval(60))
        #expect(try await nurse.lastViewed(patientID: person.id) == opened)
        #expect(try await nurse.lastViewed(patientID: other.id) == opened.addingTimeInterval(60))
        #expect(try await doctor.lastViewed(patientID: person.id) == .distantPast, "one user's view is not another's")
        #expect(try cache.rowCount(store.database, table: "result_view") == 1)

        var scan = PHIScan()
        scan.tokens = [person.id, other.id, "nurse1"]
        #expect(try scan.hits(in: cache.location) == [], "patient ids and the user are sealed or blind-indexed")
    }

    @Test func theListMarksAPatientWithAResultTheUserHasNotSeen() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try census(cache, store)
        try cache.importWhole([FHIRSamples.glucose(person), FHIRSamples.heartRate(other, index: 0, value: 80)], into: store, named: "labs.ndjson")
        let directory = try CachedPatientDirectory(cache: store, resultsViewer: "nurse1")
        func marked() async throws -> [String] {
            try await directory.listEntries(ward: nil).filter(\.hasNewResults).map(\.id).sorted()
        }
        #expect(try await marked() == [person.id], "a lab result never seen is new; a vital sign is not a result")
        #expect(try await CachedPatientDirectory(cache: store).listEntries(ward: nil).allSatisfy { !$0.hasNewResults },
                "no viewer, no marks")

        try await CachedResultViews(cache: store, user: "nurse1").recordViewed(patientID: person.id, at: Date())
        try await directory.refresh(patientID: person.id)
        #expect(try await marked() == [], "viewing the Results tab clears the marker")
        #expect(try await CachedPatientDirectory(cache: store, resultsViewer: "drsmith").listEntries(ward: nil).filter(\.hasNewResults).map(\.id)
                == [person.id], "for that user only")

        try cache.importWhole([correctedGlucose], into: store, named: "second.ndjson")
        try directory.reload()
        #expect(try await marked() == [person.id], "a result arriving after the view marks the row again")
    }
}
