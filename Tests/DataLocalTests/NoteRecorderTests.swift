import CoreDomain
import DataFHIR
import Foundation
@testable import DataLocal
import Testing

/// A nurse's note written here goes the way a vital sign does: cache, outbox and its audit
/// entry in one transaction, shown at once marked pending, PUT once to its own id.
@Suite struct NoteRecorderTests {
    private let person = FHIRSamples.people[0]

    private func note() -> NursingNoteEntry {
        NursingNoteEntry(patientID: person.id, encounterID: "enc-\(person.id)", text: "Settled overnight.\n\nPlan: mobilise.",
                         date: Date(timeIntervalSince1970: 1_760_000_000))
    }

    @Test func aNoteShowsAtOncePendingIsAuditedWithItAndIsPutOnceToItsOwnID() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        let id = try await OutboxNoteRecorder(cache: store, author: "nurse1", trail: .nurse(store)).auditing([.charting]).record(note())
        let reopened = try cache.unlock()
        let notes = try await CachedChartRepository(cache: reopened).notes(patientID: person.id)
        let written = try #require(notes.first { $0.id == id })
        #expect(written.delivery == .pending, "the notes mark it pending until the server has it")
        #expect(written.content.text == "Settled overnight.\n\nPlan: mobilise." && written.authorName == "nurse1")
        #expect(written.encounterID == "enc-\(person.id)" && written.type?.contains(code: NurseNoteCode.code) == true)
        #expect(try AuditLog(cache: reopened).entries(AuditFilter(patientID: person.id)).map(\.event.action).contains(.charting))
        #expect(try Outbox(cache: reopened).status() == OutboxStatus(pending: 1))

        let server = FakeFHIRServer()
        let drain = server.drain(reopened)
        #expect(try await drain.run() == OutboxDrainReport(sent: 1))
        #expect(server.requests.map(\.method) == ["PUT"])
        #expect(server.requests.map(\.url.path) == ["/fhir/DocumentReference/\(id)"])
        #expect(try await drain.run() == OutboxDrainReport(), "sent once")
        let sent = try await CachedChartRepository(cache: reopened).notes(patientID: person.id)
        #expect(sent.first { $0.id == id }?.delivery == .settled)
    }

    @Test func aNoteNotAuditedIsNotStored() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        await #expect(throws: ChartingError.notAudited) { try await OutboxNoteRecorder(cache: store, author: "nurse1", trail: .nurse(store)).record(note()) }
        #expect(try await CachedChartRepository(cache: store).notes(patientID: person.id).isEmpty)
        #expect(try Outbox(cache: store).status() == OutboxStatus())
    }

    /// Withdrawn, a note stays: entered in error, pending again until the server has the new
    /// version, audited as a correction in the same transaction.
    @Test func aNoteMarkedEnteredInErrorStaysMarkedAndIsQueued() async throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        let recorder = OutboxNoteRecorder(cache: store, author: "nurse1", trail: .nurse(store))
        let id = try await recorder.auditing([.charting]).record(note())
        try await recorder.auditing([.correction]).markEnteredInError(noteID: id, patientID: person.id, reason: "wrong chart")
        let notes = try await CachedChartRepository(cache: store).notes(patientID: person.id)
        let marked = try #require(notes.first { $0.id == id })
        #expect(marked.status == .enteredInError && marked.delivery == .pending && marked.content.text.hasPrefix("Settled"))
        let actions = try AuditLog(cache: store).entries(AuditFilter(patientID: person.id)).map(\.event.action)
        #expect(actions.contains(.charting) && actions.contains(.correction))
        await #expect(throws: ChartingError.notInChart) {
            try await recorder.auditing([.correction]).markEnteredInError(noteID: id, patientID: "someone-else", reason: "x")
        }
    }
}
