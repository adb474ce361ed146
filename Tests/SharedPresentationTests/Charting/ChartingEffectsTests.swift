import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// Charting through the runner: stored with its audit entry; a failed attempt leaves one failure entry.
@Suite struct ChartingEffectsTests {
    private let entry = VitalsEntry(patientID: "p1", effective: Census.now, heartRate: 80)

    private func runner(_ outbox: MemoryOutbox?, trail: RecordingTrail) -> UseCaseEffectRunner {
        UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: trail, charting: outbox) { _ in (true, nil) })
    }

    @Test func aSavedEntryIsStoredWithItsChartingEntryAndReportsTheOutbox() async {
        let outbox = MemoryOutbox(), trail = RecordingTrail()
        let result = await runner(outbox, trail: trail).run(.charting(RecordVitalsSave(entry).effect))
        #expect(result == .charting(patientID: "p1", .saved(outbox: OutboxStatus(pending: 1))))
        #expect(await outbox.entries.map(\.heartRate) == [80])
        #expect(await outbox.audited == [[.charting]])
        #expect(trail.records.isEmpty, "no second commit: the entry went with the values")
    }

    @Test func aRefusedEntryIsAuditedAsAFailedChartingAndSaysWhy() async {
        let trail = RecordingTrail()
        let result = await runner(MemoryOutbox(refuses: true), trail: trail).run(.charting(RecordVitalsSave(entry).effect))
        #expect(result == .charting(patientID: "p1", .saveFailed("the cache is full: free disk space, then save again")))
        #expect(trail.records == [.init(action: .charting, patientID: "p1", outcome: .failure)])
    }

    @Test func aCorrectionIsStoredWithItsCorrectionEntry() async {
        let outbox = MemoryOutbox(), trail = RecordingTrail()
        let result = await runner(outbox, trail: trail).run(.charting(CorrectionSave(patientID: "p1", observationIDs: ["o7"], reason: "wrong patient").effect))
        #expect(result == .charting(patientID: "p1", .saved(outbox: OutboxStatus(pending: 1))))
        #expect(await outbox.corrected == [["o7"]])
        #expect(await outbox.audited == [[.correction]])
    }

    @Test func theOutboxCountOrWhyItCouldNotBeCounted() async {
        #expect(await runner(MemoryOutbox(), trail: RecordingTrail()).run(.checkOutbox) == .outbox(.changed(OutboxStatus())))
        #expect(await runner(MemoryOutbox(refuses: true), trail: RecordingTrail()).run(.checkOutbox)
            == .outbox(.unreadable("the cache is full: free disk space, then save again")))
    }

    @Test func aSessionWithoutAnOutboxRefusesToChart() async {
        let trail = RecordingTrail()
        let runner = runner(nil, trail: trail)
        guard case .charting(patientID: "p1", .saveFailed)? = await runner.run(.charting(RecordVitalsSave(entry).effect)) else {
            Issue.record("charted without an outbox")
            return
        }
        #expect(await runner.run(.checkOutbox) == nil)
        #expect(trail.records.isEmpty)
    }
}

/// The SpO2 target through the runner: stored with its charting entry.
@Suite struct SpO2TargetEffectsTests {
    @Test func aSavedTargetIsStoredWithItsChartingEntryAndReportsTheOutbox() async {
        let outbox = MemoryOutbox(), trail = RecordingTrail()
        let target = SpO2TargetEntry(patientID: "p1", isSet: true, effective: Census.now)
        let runner = UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: trail, charting: outbox) { _ in (true, nil) })
        let result = await runner.run(.charting(SpO2TargetSave(target).effect))
        #expect(result == .charting(patientID: "p1", .saved(outbox: OutboxStatus(pending: 1))))
        #expect(await outbox.targets.map(\.isSet) == [true])
        #expect(await outbox.audited == [[.charting]])
    }
}
