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

    /// All seven parameters: the entry carries its NEWS2 for the outbox to send beside it,
    /// on the SpO2 scale in force when it was taken.
    @Test func aCompleteRoundCarriesItsScore() async throws {
        let charting = RecordingCharting()
        var repository = Self.repository(encounters: [])
        let round = VitalsEntry(patientID: "p1", effective: Make.t0, heartRate: 120, systolic: 100, diastolic: 60, temperature: 38.5,
                                respiratoryRate: 24, oxygenSaturation: 97, oxygen: .supplemental(litresPerMinute: 2), consciousness: .alert)
        try await RecordVitals(chart: repository, charting: charting)(round)
        let scale1 = try #require(await charting.entries.last?.news2)
        #expect(scale1.total == 9, "RR 2, SpO2 0, O2 2, SBP 2, HR 2, T 1")
        #expect(scale1.interpretation == "HIGH clinical risk: emergency response, continuous monitoring")
        #expect(scale1.method == "RCP NEWS2 (2017), SpO2 Scale 1: RR 2, SpO2 0, air/O2 2, SBP 2, HR 2, ACVPU 0, T 1")
        repository.observationList = [SpO2TargetScaleTests.target("t", set: true, at: Make.t0 - 60)]
        try await RecordVitals(chart: repository, charting: charting)(round)
        #expect(await charting.entries.last?.news2?.total == 12, "SpO2 97 on O2 is 3 on Scale 2")
        try await RecordVitals(chart: repository, charting: charting)(VitalsEntry(patientID: "p1", effective: Make.t0, heartRate: 80))
        #expect(await charting.entries.last?.news2 == nil, "a partial set has no score")
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
        try await CorrectVitals(chart: InMemoryRepository(), charting: charting)(observationIDs: ["o1", "o2"], patientID: "p1", reason: "  wrong patient \n")
        #expect(await charting.corrections == [.init(observationIDs: ["o1", "o2"], patientID: "p1", reason: "wrong patient")])
    }

    /// The score sent with a round is withdrawn with it; another round's score stays.
    @Test func aRoundsScoreIsMarkedWithIt() async throws {
        let charting = RecordingCharting()
        func score(_ id: String, from ids: [String], status: Observation.Status = .final) -> Observation {
            var observation = Observation(id: id, patientID: "p1", code: CodedConcept(codings: [Coding(system: CodeSystem.snomed, code: EarlyWarning.scoreCode)]),
                                          status: status, effective: Make.t0, value: .integer(7))
            observation.derivedFromIDs = ids
            return observation
        }
        let chart = InMemoryRepository(observationList: [score("s1", from: ["o1", "o2"]), score("s2", from: ["o3"]), score("s0", from: ["o1"], status: .enteredInError)])
        try await CorrectVitals(chart: chart, charting: charting)(observationIDs: ["o1", "o2"], patientID: "p1", reason: "wrong patient")
        #expect(await charting.corrections.map(\.observationIDs) == [["o1", "o2", "s1"]])
    }

    @Test func aReasonIsRequiredAndIsOneShortLine() async {
        #expect(CorrectVitals.reason(" ") == .failure(.reasonMissing))
        #expect(CorrectVitals.reason(String(repeating: "x", count: 201)) == .failure(.reasonTooLong(maximum: 200)))
        #expect(CorrectVitals.reason(String(repeating: "x", count: 200)) == .success(String(repeating: "x", count: 200)))
        let charting = RecordingCharting()
        await #expect(throws: VitalsChartingError.reasonMissing) {
            try await CorrectVitals(chart: InMemoryRepository(), charting: charting)(observationIDs: ["o1"], patientID: "p1", reason: "")
        }
        await #expect(throws: VitalsChartingError.nothingToCorrect) {
            try await CorrectVitals(chart: InMemoryRepository(), charting: charting)(observationIDs: [], patientID: "p1", reason: "typo")
        }
        #expect(await charting.corrections.isEmpty)
    }
}
