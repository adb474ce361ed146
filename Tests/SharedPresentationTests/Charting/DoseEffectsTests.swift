import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// An outbox for doses in memory that can be told to refuse.
private actor FakeDoses: DoseCharting {
    struct Full: Error, LocalizedError {
        var errorDescription: String? { "the cache is full: free disk space, then save again" }
    }

    private(set) var recorded: [DoseRecord] = []
    private(set) var corrected: [String] = []
    private(set) var effects: [PRNEffectEntry] = []
    let refuses: Bool

    init(refuses: Bool = false) { self.refuses = refuses }

    func record(_ dose: DoseRecord) async throws -> String {
        if refuses { throw Full() }
        recorded.append(dose)
        return "ma\(recorded.count)"
    }

    func recordEffect(_ entry: PRNEffectEntry) async throws -> String {
        if refuses { throw Full() }
        effects.append(entry)
        return "obs\(effects.count)"
    }

    func markEnteredInError(administrationID: String, patientID: String, reason: String) async throws {
        if refuses { throw Full() }
        corrected.append(administrationID)
    }
}

/// Recording a dose through the runner: stored first, then each administration, refusal and
/// override is an audit entry of the patient; a failed attempt is one failure entry.
@Suite struct DoseEffectsTests {
    private let refused = DoseRecord(status: .notDone, patientID: "p1", requestID: "a", medication: CodedConcept(text: "Amoxicillin"),
                                     effective: Census.now, reason: "patient refused")

    private func runner(_ doses: FakeDoses, trail: RecordingTrail) -> UseCaseEffectRunner {
        UseCaseEffectRunner(directory: OnePatient(), chart: OnePatient(), audit: trail, charting: NoVitals(), doses: doses) { _ in (true, nil) }
    }

    @Test func aRefusalAndEachOverrideAreAuditedAfterTheOutboxHasTheDose() async {
        let doses = FakeDoses(), trail = RecordingTrail()
        let result = await runner(doses, trail: trail).run(DoseSave.record(refused, overrides: [.allergy, .late]).effect)
        #expect(result == .chartingSaved(patientID: "p1", outbox: OutboxStatus(), warning: nil))
        #expect(await doses.recorded == [refused])
        #expect(trail.records == [
            .init(action: .override(kind: .allergy), patientID: "p1", outcome: .success),
            .init(action: .override(kind: .late), patientID: "p1", outcome: .success),
            .init(action: .administration(kind: .notGiven), patientID: "p1", outcome: .success),
        ])
    }

    /// The guard asked again at saving reads the cache as it is then: a dose another session
    /// recorded since the form opened stops this one (nothing stored, nothing audited) until the
    /// nurse confirms a second dose after it.
    @Test func aDoseGivenMeanwhileInTheCacheIsNotStoredUntilConfirmed() async {
        let meanwhile = MedicationAdministration(
            id: "other", patientID: "p1", requestID: "a", status: .completed, effective: Census.now.addingTimeInterval(-600), performer: "nurse2")
        let doses = FakeDoses(), trail = RecordingTrail()
        let runner = UseCaseEffectRunner(directory: OnePatient(), chart: OnePatient(administrations: [meanwhile]), audit: trail,
                                         charting: NoVitals(), doses: doses) { _ in (true, nil) }
        let given = DoseRecord(status: .completed, patientID: "p1", requestID: "a", medication: CodedConcept(text: "Amoxicillin"), effective: Census.now)
        let asked = await runner.run(DoseSave.record(given, overrides: [], check: DoubleDoseCheck(interval: 4 * 3_600)).effect)
        #expect(asked == .chartingQuestioned(patientID: "p1", ChartingQuestion(meanwhile)))
        #expect(await doses.recorded.isEmpty)
        #expect(trail.records.isEmpty)
        let confirmed = await runner.run(DoseSave.record(given, overrides: [.doubleDose], check: DoubleDoseCheck(interval: 4 * 3_600, confirmed: ["other"])).effect)
        #expect(confirmed == .chartingSaved(patientID: "p1", outbox: OutboxStatus(), warning: nil))
        #expect(await doses.recorded == [given])
    }

    @Test func aCorrectionIsStoredThenAuditedAsACorrection() async {
        let doses = FakeDoses(), trail = RecordingTrail()
        let result = await runner(doses, trail: trail).run(DoseSave.correct(patientID: "p1", administrationID: "ma1", reason: "wrong patient").effect)
        #expect(result == .chartingSaved(patientID: "p1", outbox: OutboxStatus(), warning: nil))
        #expect(await doses.corrected == ["ma1"])
        #expect(trail.records == [.init(action: .correction, patientID: "p1", outcome: .success)])
    }

    @Test func aDoseTheOutboxRefusesIsOneFailureAndSaysWhy() async {
        let trail = RecordingTrail()
        let result = await runner(FakeDoses(refuses: true), trail: trail).run(DoseSave.record(refused, overrides: [.allergy]).effect)
        #expect(result == .chartingFailed(patientID: "p1", "the cache is full: free disk space, then save again"))
        #expect(trail.records == [.init(action: .administration(kind: .notGiven), patientID: "p1", outcome: .failure)])
    }
}

/// A vitals outbox with nothing in it.
private struct NoVitals: VitalsCharting {
    func record(_ entry: VitalsEntry) async throws -> [String] { [] }
    func markEnteredInError(observationIDs: [String], patientID: String, reason: String) async throws {}
    func recordSpO2Target(_ target: SpO2TargetEntry) async throws -> String { "" }
    func outboxStatus() async throws -> OutboxStatus { OutboxStatus() }
}
