import CoreDomain
import DataFHIR
import Foundation
@testable import DataLocal
import Testing

/// A dose recorded here goes the way a vital sign does: cache and outbox in one transaction,
/// shown at once, PUT once to its own id.
@Suite struct DoseRecorderTests {
    private let person = FHIRSamples.people[0]

    private func dose() -> DoseRecord {
        DoseRecord(
            status: .completed, patientID: person.id, encounterID: "enc-\(person.id)", requestID: "req-1",
            medication: CodedConcept(text: "paracetamol 1 g"), effective: Date(timeIntervalSince1970: 1_760_000_000),
            dose: Quantity(value: 1, unit: "g", ucumCode: "g"))
    }

    @Test func aRecordedDoseShowsAtOnceSurvivesReopeningAndIsPutOnceToItsOwnID() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        let id = try await OutboxDoseRecorder(cache: store, performer: "nurse1", trail: .nurse(store)).auditing([.administration(kind: .given)]).record(dose())
        let reopened = try cache.unlock()
        let recorded = try await CachedChartRepository(cache: reopened).medicationAdministrations(patientID: person.id)
        #expect(recorded.map(\.id) == [id])
        #expect(recorded.first?.requestID == "req-1")
        #expect(recorded.first?.performer == "nurse1")
        #expect(recorded.first?.delivery == .pending, "the MAR marks it pending until the server has it")
        #expect(try Outbox(cache: reopened).status() == OutboxStatus(pending: 1))

        let server = FakeFHIRServer()
        let drain = server.drain(reopened)
        #expect(try await drain.run() == OutboxDrainReport(sent: 1))
        #expect(server.requests.map(\.method) == ["PUT"])
        #expect(server.requests.map(\.url.path) == ["/fhir/MedicationAdministration/\(id)"])
        #expect(server.requests.first?.body == (try reopened.storedJSON(resourceType: "MedicationAdministration", id: id)))
        #expect(try await drain.run() == OutboxDrainReport(), "sent once")
        let sent = try await CachedChartRepository(cache: reopened).medicationAdministrations(patientID: person.id)
        #expect(sent.first?.delivery == .settled)
    }

    /// A PRN dose's effect: an Observation `partOf` the dose, read back with that link from the
    /// cache once reopened, queued with the dose and PUT once to its own id.
    @Test func aPRNDosesEffectReadsBackPartOfTheDoseAndIsPutOnce() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        let recorder = OutboxDoseRecorder(cache: store, performer: "nurse1", trail: .nurse(store)).auditing([.administration(kind: .given)])
        let doseID = try await recorder.record(dose())
        let id = try await recorder.recordEffect(PRNEffectEntry(
            patientID: person.id, administrationID: doseID, effect: .notEffective, note: "still wheezy", effective: Date(timeIntervalSince1970: 1_760_003_600)))
        let reopened = try cache.unlock()
        let read = try await CachedChartRepository(cache: reopened).observations(patientID: person.id, category: .other)
        let effect = try #require(read.first { $0.id == id })
        #expect(effect.partOfIDs == [doseID] && effect.performer == "nurse1" && effect.notes == ["still wheezy"])
        #expect(effect.delivery == .pending)
        #expect(try Outbox(cache: reopened).status() == OutboxStatus(pending: 2))
        let server = FakeFHIRServer()
        let client = FHIRClient(baseURL: URL(string: "http://127.0.0.1:9/fhir")!, transport: server, retry: RetryPolicy(sleep: { _ in }, random: { 0.5 }))
        let drain = OutboxDrain(client: client, cache: reopened, trail: CacheAuditTrail(cache: reopened, actor: AuditActor(user: "nurse1", source: "no-tty")))
        #expect(try await drain.run() == OutboxDrainReport(sent: 2))
        #expect(server.requests.map(\.method) == ["PUT", "PUT"])
        #expect(server.requests.map(\.url.path).contains("/fhir/Observation/\(id)"))
        #expect(try await drain.run() == OutboxDrainReport(), "sent once")
    }

    @Test func aCorrectionIsANewVersionEnteredInErrorQueuedWithTheRecordKept() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        let recorder = OutboxDoseRecorder(cache: store, performer: "nurse1", trail: .nurse(store)).auditing([.administration(kind: .given)])
        let id = try await recorder.record(dose())
        await #expect(throws: ChartingError.notInChart) {
            try await recorder.markEnteredInError(administrationID: id, patientID: FHIRSamples.people[1].id, reason: "x")
        }
        try await recorder.markEnteredInError(administrationID: id, patientID: person.id, reason: "wrong patient")
        let recorded = try await CachedChartRepository(cache: store).medicationAdministrations(patientID: person.id)
        #expect(recorded.map(\.status) == [.enteredInError], "kept, marked")
        #expect(try Outbox(cache: store).status() == OutboxStatus(pending: 2))
    }
}
