import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// An outbox in memory that can be told to refuse.
private actor FakeOutbox: VitalsCharting {
    struct Full: Error, LocalizedError {
        var errorDescription: String? { "the cache is full: free disk space, then save again" }
    }

    private(set) var entries: [VitalsEntry] = []
    private(set) var corrected: [[String]] = []
    let refuses: Bool

    init(refuses: Bool = false) { self.refuses = refuses }

    func record(_ entry: VitalsEntry) async throws -> [String] {
        if refuses { throw Full() }
        entries.append(entry)
        return ["o\(entries.count)"]
    }

    func markEnteredInError(observationIDs: [String], patientID: String, reason: String) async throws {
        if refuses { throw Full() }
        corrected.append(observationIDs)
    }

    private(set) var targets: [SpO2TargetEntry] = []

    func recordSpO2Target(_ target: SpO2TargetEntry) async throws -> String {
        if refuses { throw Full() }
        targets.append(target)
        return "t\(targets.count)"
    }

    func outboxStatus() async throws -> OutboxStatus {
        if refuses { throw Full() }
        return OutboxStatus(pending: entries.count + corrected.count + targets.count)
    }
}

/// Charting through the runner: stored first, then audited; every attempt leaves one entry.
@Suite struct ChartingEffectsTests {
    private let entry = VitalsEntry(patientID: "p1", effective: Census.now, heartRate: 80)

    private func runner(_ outbox: FakeOutbox?, trail: RecordingTrail) -> UseCaseEffectRunner {
        UseCaseEffectRunner(directory: OnePatient(), chart: OnePatient(), audit: trail, charting: outbox) { _ in (true, nil) }
    }

    @Test func aSavedEntryIsAuditedAsChartingAndReportsTheOutbox() async {
        let outbox = FakeOutbox(), trail = RecordingTrail()
        let result = await runner(outbox, trail: trail).run(RecordVitalsSave(entry).effect)
        #expect(result == .chartingSaved(patientID: "p1", outbox: OutboxStatus(pending: 1), warning: nil))
        #expect(await outbox.entries.map(\.heartRate) == [80])
        #expect(trail.records == [.init(action: .charting, patientID: "p1", outcome: .success)])
    }

    @Test func aRefusedEntryIsAuditedAsAFailedChartingAndSaysWhy() async {
        let trail = RecordingTrail()
        let result = await runner(FakeOutbox(refuses: true), trail: trail).run(RecordVitalsSave(entry).effect)
        #expect(result == .chartingFailed(patientID: "p1", "the cache is full: free disk space, then save again"))
        #expect(trail.records == [.init(action: .charting, patientID: "p1", outcome: .failure)])
    }

    @Test func anEntryStoredButNotAuditedIsStillSavedAndSaysSo() async {
        let outbox = FakeOutbox()
        let result = await runner(outbox, trail: RecordingTrail(refuses: true)).run(RecordVitalsSave(entry).effect)
        guard case let .chartingSaved(_, _, warning?) = result else {
            Issue.record("expected saved with a warning: \(String(describing: result))")
            return
        }
        #expect(warning.hasPrefix("the audit trail did not record it"))
        #expect(await outbox.entries.count == 1)
    }

    @Test func aCorrectionIsAuditedAsCorrection() async {
        let outbox = FakeOutbox(), trail = RecordingTrail()
        let result = await runner(outbox, trail: trail).run(CorrectionSave(patientID: "p1", observationIDs: ["o7"], reason: "wrong patient").effect)
        #expect(result == .chartingSaved(patientID: "p1", outbox: OutboxStatus(pending: 1), warning: nil))
        #expect(await outbox.corrected == [["o7"]])
        #expect(trail.records == [.init(action: .correction, patientID: "p1", outcome: .success)])
    }

    @Test func theOutboxCountOrWhyItCouldNotBeCounted() async {
        #expect(await runner(FakeOutbox(), trail: RecordingTrail()).run(.checkOutbox) == .outboxChanged(OutboxStatus()))
        #expect(await runner(FakeOutbox(refuses: true), trail: RecordingTrail()).run(.checkOutbox)
            == .outboxUnreadable("the cache is full: free disk space, then save again"))
    }

    @Test func aSessionWithoutAnOutboxRefusesToChart() async {
        let trail = RecordingTrail()
        let runner = runner(nil, trail: trail)
        guard case .chartingFailed(patientID: "p1", _)? = await runner.run(RecordVitalsSave(entry).effect) else {
            Issue.record("charted without an outbox")
            return
        }
        #expect(await runner.run(.checkOutbox) == nil)
        #expect(trail.records.isEmpty)
    }
}

/// The SpO2 target through the runner: stored, then audited as charting.
@Suite struct SpO2TargetEffectsTests {
    @Test func aSavedTargetIsAuditedAsChartingAndReportsTheOutbox() async {
        let outbox = FakeOutbox(), trail = RecordingTrail()
        let target = SpO2TargetEntry(patientID: "p1", isSet: true, effective: Census.now)
        let runner = UseCaseEffectRunner(directory: OnePatient(), chart: OnePatient(), audit: trail, charting: outbox) { _ in (true, nil) }
        let result = await runner.run(SpO2TargetSave(target).effect)
        #expect(result == .chartingSaved(patientID: "p1", outbox: OutboxStatus(pending: 1), warning: nil))
        #expect(await outbox.targets.map(\.isSet) == [true])
        #expect(trail.records == [.init(action: .charting, patientID: "p1", outcome: .success)])
    }
}
