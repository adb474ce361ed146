import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// An outbox for doses in memory that can be told to refuse, and keeps the audit actions each
/// write was stored with (the cache stores them in the write's transaction).
private actor FakeDoses: DoseCharting {
    struct Full: Error, LocalizedError {
        var errorDescription: String? { "the cache is full: free disk space, then save again" }
    }

    private(set) var recorded: [DoseRecord] = []
    private(set) var corrected: [String] = []
    private(set) var effects: [PRNEffectEntry] = []
    /// Per write, in order: what it was audited as.
    private(set) var audited: [[AuditAction]] = []
    let refuses: Bool

    init(refuses: Bool = false) { self.refuses = refuses }

    func record(_ dose: DoseRecord) async throws -> String { try stored(dose, audited: []) }

    func recordEffect(_ entry: PRNEffectEntry) async throws -> String { try stored(entry, audited: []) }

    func markEnteredInError(administrationID: String, patientID: String, reason: String) async throws {
        try stored(correction: administrationID, audited: [])
    }

    nonisolated func auditing(_ actions: [AuditAction]) -> any DoseCharting { Audited(doses: self, actions: actions) }

    fileprivate func stored(_ dose: DoseRecord, audited actions: [AuditAction]) throws -> String {
        if refuses { throw Full() }
        recorded.append(dose)
        audited.append(actions)
        return "ma\(recorded.count)"
    }

    fileprivate func stored(_ entry: PRNEffectEntry, audited actions: [AuditAction]) throws -> String {
        if refuses { throw Full() }
        effects.append(entry)
        audited.append(actions)
        return "obs\(effects.count)"
    }

    fileprivate func stored(correction administrationID: String, audited actions: [AuditAction]) throws {
        if refuses { throw Full() }
        corrected.append(administrationID)
        audited.append(actions)
    }

    /// The outbox as `auditing` hands it out: each write stored with `actions`.
    private struct Audited: DoseCharting {
        let doses: FakeDoses
        let actions: [AuditAction]

        func record(_ dose: DoseRecord) async throws -> String { try await doses.stored(dose, audited: actions) }
        func recordEffect(_ entry: PRNEffectEntry) async throws -> String { try await doses.stored(entry, audited: actions) }
        func markEnteredInError(administrationID: String, patientID: String, reason: String) async throws {
            try await doses.stored(correction: administrationID, audited: actions)
        }
        func auditing(_ actions: [AuditAction]) -> any DoseCharting { Audited(doses: doses, actions: actions) }
    }
}

/// Recording a dose through the runner: stored with an audit entry of the patient for each
/// override, then its administration, refusal or correction; a failed attempt is one failure entry.
@Suite struct DoseEffectsTests {
    private let refused = DoseRecord(status: .notDone, patientID: "p1", requestID: "a", medication: CodedConcept(text: "Amoxicillin"),
                                     effective: Census.now, reason: "patient refused")

    private func runner(_ doses: FakeDoses, trail: RecordingTrail) -> UseCaseEffectRunner {
        UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: trail, charting: NoVitals(), doses: doses) { _ in (true, nil) })
    }

    @Test func aRefusalAndEachOverrideAreStoredWithTheDose() async {
        let doses = FakeDoses(), trail = RecordingTrail()
        let result = await runner(doses, trail: trail).run(.charting(DoseSave.record(refused, overrides: [.allergy, .late]).effect))
        #expect(result == .charting(patientID: "p1", .saved(outbox: OutboxStatus())))
        #expect(await doses.recorded == [refused])
        #expect(await doses.audited == [[.override(kind: .allergy), .override(kind: .late), .administration(kind: .notGiven)]])
        #expect(trail.records.isEmpty, "no second commit: the entries went with the dose")
    }

    /// The guard asked again at saving reads the cache as it is then: a dose another session
    /// recorded since the form opened stops this one (nothing stored, nothing audited) until the
    /// nurse confirms a second dose after it.
    @Test func aDoseGivenMeanwhileInTheCacheIsNotStoredUntilConfirmed() async {
        let meanwhile = MedicationAdministration(
            id: "other", patientID: "p1", requestID: "a", status: .completed, effective: Census.now.addingTimeInterval(-600), performer: "nurse2")
        let doses = FakeDoses(), trail = RecordingTrail()
        let runner = UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(administrations: [meanwhile]), audit: trail,
                                         charting: NoVitals(), doses: doses) { _ in (true, nil) })
        let given = DoseRecord(status: .completed, patientID: "p1", requestID: "a", medication: CodedConcept(text: "Amoxicillin"), effective: Census.now)
        let asked = await runner.run(.charting(DoseSave.record(given, overrides: [], check: DoubleDoseCheck(interval: 4 * 3_600)).effect))
        #expect(asked == .charting(patientID: "p1", .saveQuestioned(ChartingQuestion(meanwhile))))
        #expect(await doses.recorded.isEmpty)
        #expect(await doses.audited.isEmpty)
        #expect(trail.records.isEmpty)
        let confirmed = await runner.run(.charting(DoseSave.record(given, overrides: [.doubleDose], check: DoubleDoseCheck(interval: 4 * 3_600, confirmed: ["other"])).effect))
        #expect(confirmed == .charting(patientID: "p1", .saved(outbox: OutboxStatus())))
        #expect(await doses.recorded == [given])
        #expect(await doses.audited == [[.override(kind: .doubleDose), .administration(kind: .given)]])
    }

    @Test func aCorrectionIsStoredWithItsCorrectionEntry() async {
        let doses = FakeDoses(), trail = RecordingTrail()
        let result = await runner(doses, trail: trail).run(.charting(DoseSave.correct(patientID: "p1", administrationID: "ma1", reason: "wrong patient").effect))
        #expect(result == .charting(patientID: "p1", .saved(outbox: OutboxStatus())))
        #expect(await doses.corrected == ["ma1"])
        #expect(await doses.audited == [[.correction]])
    }

    @Test func aDoseTheOutboxRefusesIsOneFailureAndSaysWhy() async {
        let trail = RecordingTrail()
        let result = await runner(FakeDoses(refuses: true), trail: trail).run(.charting(DoseSave.record(refused, overrides: [.allergy]).effect))
        #expect(result == .charting(patientID: "p1", .saveFailed("the cache is full: free disk space, then save again")))
        #expect(trail.records == [.init(action: .administration(kind: .notGiven), patientID: "p1", outcome: .failure)])
    }
}

/// A vitals outbox with nothing in it.
private struct NoVitals: VitalsCharting {
    func record(_ entry: VitalsEntry) async throws -> [String] { [] }
    func markEnteredInError(observationIDs: [String], patientID: String, reason: String) async throws {}
    func recordSpO2Target(_ target: SpO2TargetEntry) async throws -> String { "" }
    func outboxStatus() async throws -> OutboxStatus { OutboxStatus() }
    func auditing(_ actions: [AuditAction]) -> any VitalsCharting { self }
}
