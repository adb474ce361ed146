import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// A nurse's note through the runner: one write to the notes outbox, audited as charting in
/// the same write; a session with nowhere to store notes says so and records the failure.
@Suite struct NursingNoteEffectsTests {
    private let note = NursingNoteEntry(patientID: "p1", encounterID: "e1", text: "Settled.", date: Census.now)

    private func runner(_ notes: MemoryNotes?, trail: RecordingTrail) -> UseCaseEffectRunner {
        UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: trail, charting: MemoryOutbox(),
                                                    notes: notes) { _ in (true, nil) })
    }

    @Test func aSavedNoteIsWrittenOnceWithItsChartingEntry() async {
        let notes = MemoryNotes(), trail = RecordingTrail()
        let result = await runner(notes, trail: trail).run(.charting(NursingNoteSave(note).effect))
        #expect(result == .charting(patientID: "p1", .saved(outbox: OutboxStatus())))
        let written = await notes.written
        #expect(written.map(\.0) == [.note(note)] && written.map(\.1) == [[.charting]])
        #expect(trail.records.isEmpty, "no second commit: the entry went with the note")
    }

    @Test func aSessionWithoutANotesOutboxRefusesAndRecordsTheFailure() async {
        let trail = RecordingTrail()
        let result = await runner(nil, trail: trail).run(.charting(NursingNoteSave(note).effect))
        #expect(result == .charting(patientID: "p1", .saveFailed("this session cannot save notes (no outbox): restart emr normally")))
        #expect(trail.records == [.init(action: .charting, patientID: "p1", outcome: .failure)])
    }
}
