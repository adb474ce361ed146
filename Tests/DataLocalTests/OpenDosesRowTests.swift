import CoreDomain
import CoreUseCases
@testable import DataLocal
import Foundation
import Testing

/// Each list row keeps its MAR's doses nothing was recorded for (`OpenDoses`), placed with the
/// ward's configured times, and is stored again when a dose is recorded, so the list's dose mark
/// clears without reading the chart.
@Suite struct OpenDosesRowTests {
    private let person = FHIRSamples.people[0]

    private func row(_ store: EncryptedCache) async throws -> PatientListEntry {
        try #require(try await CachedPatientDirectory(cache: store).listEntries(ward: nil).first { $0.id == person.id })
    }

    private func given(at time: Date) -> String {
        let stamp = ISO8601DateFormatter().string(from: time)
        return #"{"resourceType":"MedicationAdministration","id":"given-now","status":"completed","medicationCodeableConcept":{"text":"Amoxicillin 500 MG"},"subject":{"reference":"Patient/\#(person.id)"},"request":{"reference":"MedicationRequest/med-\#(person.id)"},"effectiveDateTime":"\#(stamp)"}"#
    }

    @Test func aRowKeepsItsOpenDosesWithTheWardsWindowAndLosesOneWhenItIsGiven() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        store.administrationTimes = WardAdministrationTimes(window: 30 * 60)
        let before = Date()
        try cache.importWhole([FHIRSamples.patient(person), FHIRSamples.twiceDailyOrder(person)], into: store)
        let open = try #require(try await row(store).openDoses)
        #expect(open.window == 30 * 60, "the configured window, not the default hour")
        #expect(open.until >= before.addingTimeInterval(PatientListEntryBuilder.openDoseSpan))
        let dose = try #require(open.doses.last { $0.time <= Date() })

        try cache.importWhole([given(at: dose.time.addingTimeInterval(5 * 60))], into: store, named: "given.ndjson")
        let after = try #require(try await row(store).openDoses)
        #expect(!after.doses.contains(dose), "the dose given is no longer open")
        #expect(after.doses.count == open.doses.count - 1)
    }

    @Test func aPatientWithoutScheduledOrdersKeepsNone() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole([FHIRSamples.patient(person)], into: store)
        #expect(try await row(store).openDoses == nil)
    }
}
