import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// `x` in the chart's notes withdraws one of the user's own notes: chosen, a reason typed, a
/// check naming the patient with the note whole, then one correction; never someone else's
/// note, and never a deletion.
@Suite struct NoteCorrectionTests {
    private static let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }

    static func note(_ id: String, by author: String?, minutesAgo: Double, text: String, status: ClinicalNote.Status = .current) -> NoteItem {
        NoteItem(note: ClinicalNote(id: id, patientID: "p0", status: status, type: CodedConcept(text: "Nurse note"),
                                    date: Census.now.addingTimeInterval(-minutesAgo * 60), authorName: author, content: NoteContent(text: text)))
    }

    static let notes = [
        note("mine-new", by: "nurse1", minutesAgo: 10, text: "Settled.\nPlan: mobilise."),
        note("theirs", by: "nurse2", minutesAgo: 20, text: "Drowsy."),
        note("mine-old", by: "nurse1 via emr-ward-5e", minutesAgo: 60, text: "Admitted from ED."),
        note("mine-withdrawn", by: "nurse1", minutesAgo: 90, text: "Wrong chart.", status: .enteredInError),
    ]

    /// p0's chart on the Encounters tab with `notes`, the chart's notes open (`N`).
    static func notesOpen(_ notes: [NoteItem] = notes) -> WorkstationState {
        var state = Charted.state(tab: .encounters)
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(EncountersState.self, EncounterList(items: [], notes: notes))))).isEmpty)
        #expect(state.press(.character("N")).isEmpty)
        return state
    }

    private static func form(_ state: WorkstationState) -> NoteCorrectionState? { state.charting?[NoteCorrectionState.self] }

    private static func screen(_ state: WorkstationState) -> [String] {
        guard let form = form(state) else { return [] }
        return NoteCorrectionView.content(form, width: 76, context: context).lines.map(\.plainText)
    }

    @Test func xInTheNotesOffersOnlyTheUsersOwnNotesNotYetWithdrawn() throws {
        var state = Self.notesOpen()
        #expect(KeyHelp.bindings(for: state).contains(KeyHelp.noteEnteredInError))
        #expect(state.press(.character("x")).isEmpty, "nothing is stored on opening")
        let form = try #require(Self.form(state))
        #expect(form.notes.map(\.id) == ["mine-new", "mine-old"])
        let shown = Self.screen(state)
        #expect(shown.first == "Which of your notes is entered in error?")
        #expect(shown.contains { $0.hasPrefix("▸ Nurse note · ") && $0.hasSuffix("· Settled.") })
    }

    @Test func theChosenNoteIsMarkedWithTheReasonAfterACheckNamingThePatient() throws {
        var state = Self.notesOpen()
        #expect(state.press(.character("x"), .down, .enter).isEmpty)
        #expect(Self.form(state)?.step == .reason)
        #expect(state.press(.enter).isEmpty)
        #expect(Self.form(state)?.refusal == "a reason is needed to mark the note entered in error")
        #expect(state.type("written on the wrong chart").isEmpty)
        #expect(state.press(.enter).isEmpty)
        let check = Self.screen(state)
        #expect(check.first == "Mark this note entered in error for")
        #expect(check.contains { $0.contains("FAMILY0, Given") && $0.contains("DOB 1950-01-01") && $0.contains("MRN MRN0") }, "\(check)")
        #expect(check.contains("Admitted from ED.") && check.contains("Reason: written on the wrong chart"))
        #expect(KeyHelp.bindings(for: state).compactMap(\.footer) == ["Enter mark", "Esc back"])
        #expect(state.press(.enter) == [.charting(NoteCorrectionSave(patientID: "p0", noteID: "mine-old", reason: "written on the wrong chart").effect)])
        #expect(state.press(.enter).isEmpty, "a second Enter while saving marks nothing more")
    }

    @Test func escGoesBackAStepAndLeavesFromTheChoice() {
        var state = Self.notesOpen()
        #expect(state.press(.character("x"), .enter).isEmpty)
        #expect(state.type("dup").isEmpty)
        #expect(state.press(.enter, .escape).isEmpty)
        #expect(Self.form(state)?.step == .reason && Self.form(state)?.reason == "dup")
        #expect(state.press(.escape).isEmpty)
        #expect(Self.form(state)?.step == .choose)
        #expect(state.press(.escape).isEmpty)
        #expect(state.charting == nil)
    }

    @Test func withNoNoteOfTheirOwnNothingOpensAndTheStatusLineSaysWhy() {
        var state = Self.notesOpen([Self.notes[1], Self.notes[3]])
        #expect(state.press(.character("x")).isEmpty)
        #expect(state.charting == nil)
        #expect(state.notice == NoteCorrectionState.noOwnNote)
    }

    @Test func xOnTheEncounterListDoesNotWithdrawANote() {
        var state = Charted.state(tab: .encounters)
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(EncountersState.self, EncounterList(items: [], notes: Self.notes))))).isEmpty)
        #expect(state.press(.character("x")).isEmpty)
        #expect(state.charting == nil)
    }

    @Test func theCorrectionIsAuditedAsACorrection() {
        #expect(NoteCorrectionSave(patientID: "p0", noteID: "d1", reason: "x").audit == .correction)
    }

    @Test func theKeysListedAreTheKeysThatWork() {
        var state = Self.notesOpen()
        KeyBindingAgreementTests.expectAgreement(state, "chart notes", scrolls: false)
        #expect(state.press(.character("x")).isEmpty)
        KeyBindingAgreementTests.expectAgreement(state, "note correction, choice", scrolls: false)
        #expect(state.press(.enter).isEmpty)
        #expect(state.type("dup").isEmpty)
        KeyBindingAgreementTests.expectAgreement(state, "note correction, reason", scrolls: false)
        #expect(state.press(.enter).isEmpty)
        KeyBindingAgreementTests.expectAgreement(state, "note correction, check", scrolls: false)
        let listed = NoteCorrectionState.descriptor.help.flatMap(\.bindings)
        for step in [NoteCorrectionState.Step.choose, .reason, .confirming] {
            for binding in KeyHelp.noteCorrection(step) where binding.keys != [.escape] { #expect(listed.contains(binding), "\(step): \(binding.label)") }
        }
    }

    /// Through the runner: one write to the notes outbox, audited as a correction with it.
    @Test func theCorrectionIsWrittenOnceWithItsCorrectionEntry() async {
        let notes = MemoryNotes(), trail = RecordingTrail()
        let runner = UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: trail, charting: MemoryOutbox(),
                                                                 notes: notes) { _ in (true, nil) })
        let result = await runner.run(.charting(NoteCorrectionSave(patientID: "p1", noteID: "d1", reason: "wrong chart").effect))
        #expect(result == .charting(patientID: "p1", .saved(outbox: OutboxStatus())))
        let written = await notes.written
        #expect(written.map(\.0) == [.enteredInError(noteID: "d1", patientID: "p1", reason: "wrong chart")] && written.map(\.1) == [[.correction]])
    }
}
