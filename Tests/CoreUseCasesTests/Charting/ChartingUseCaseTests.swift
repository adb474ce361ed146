import CoreDomain
import CoreUseCases
import Foundation
import Testing

@Suite struct RecordVitalsTests {
    private static func repository(encounters: [Encounter]) -> InMemoryRepository {
        InMemoryRepository(patients: [Make.patient("p1", family: "Brown")], encounterList: encounters)
    }

    @Test func anAdmittedPatientsEntryIsFiledUnderTheCurrentStay() async throws {
        let charting = RecordingCharting()
        let repository = Self.repository(encounters: [
            Make.encounter("old", start: Make.t0 - Make.hours(200), end: Make.t0 - Make.hours(100)),
            Make.encounter("now", start: Make.t0 - Make.hours(30), status: .inProgress),
        ])
        let ids = try await RecordVitals(chart: repository, charting: charting)(VitalsEntry(patientID: "p1", effective: Make.t0, heartRate: 80))
        #expect(ids == ["obs-1"])
        #expect(await charting.entries.map(\.encounterID) == ["now"])
        #expect(await charting.entries.first?.heartRate == 80)
    }

    @Test func anOutpatientsEntryHasNoEncounter() async throws {
        let charting = RecordingCharting()
        let repository = Self.repository(encounters: [Make.encounter("clinic", start: Make.t0, kind: .outpatient, status: .inProgress)])
        try await RecordVitals(chart: repository, charting: charting)(VitalsEntry(patientID: "p1", effective: Make.t0, weight: 70))
        #expect(await charting.entries.map(\.encounterID) == [nil])
    }

    @Test func anEmptyEntryOrAnUnknownPatientIsNeverHandedOver() async {
        let charting = RecordingCharting()
        let record = RecordVitals(chart: Self.repository(encounters: []), charting: charting)
        await #expect(throws: VitalsChartingError.nothingEntered) { try await record(VitalsEntry(patientID: "p1", effective: Make.t0)) }
        await #expect(throws: ChartLoadError.patientNotFound) { try await record(VitalsEntry(patientID: "p9", effective: Make.t0, heartRate: 80)) }
        #expect(await charting.entries.isEmpty)
    }
}

@Suite struct CorrectVitalsTests {
    @Test func theReasonIsTrimmedAndHandedOverWithTheObservations() async throws {
        let charting = RecordingCharting()
        try await CorrectVitals(charting: charting)(observationIDs: ["o1", "o2"], patientID: "p1", reason: "  wrong patient \n")
        #expect(await charting.corrections == [.init(observationIDs: ["o1", "o2"], patientID: "p1", reason: "wrong patient")])
    }

    @Test func aReasonIsRequiredAndIsOneShortLine() async {
        #expect(CorrectVitals.reason(" ") == .failure(.reasonMissing))
        #expect(CorrectVitals.reason(String(repeating: "x", count: 201)) == .failure(.reasonTooLong(maximum: 200)))
        #expect(CorrectVitals.reason(String(repeating: "x", count: 200)) == .success(String(repeating: "x", count: 200)))
        let charting = RecordingCharting()
        await #expect(throws: VitalsChartingError.reasonMissing) {
            try await CorrectVitals(charting: charting)(observationIDs: ["o1"], patientID: "p1", reason: "")
        }
        await #expect(throws: VitalsChartingError.nothingToCorrect) {
            try await CorrectVitals(charting: charting)(observationIDs: [], patientID: "p1", reason: "typo")
        }
        #expect(await charting.corrections.isEmpty)
    }
}
