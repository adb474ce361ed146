import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// `n` on a chart writes a nurse's note: lines typed with Enter between them, wrapped at the
/// form's width, erased back across lines, bounded, then a check naming the patient and showing
/// the note whole, and only then one save; Esc never throws words away at one press.
@Suite struct NursingNoteTests {
    private static let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }

    /// p0's chart with the form opened by `n`.
    static func opened(tab: ChartTab = .summary) -> WorkstationState {
        var state = Charted.state(tab: tab)
        #expect(state.press(.character("n")).isEmpty, "nothing is stored on opening")
        return state
    }

    private static func form(_ state: WorkstationState) -> NursingNoteState? { state.charting?[NursingNoteState.self] }

    private static func screen(_ state: WorkstationState, width: Int = 76) -> [String] {
        guard let form = form(state) else { return [] }
        return NursingNoteView.content(form, width: width, context: context).lines.map(\.plainText)
    }

    @Test func nOpensTheFormOnAnyTabAndItSaysItsKeys() {
        for tab in [ChartTab.summary, .encounters, .vitals] {
            let state = Self.opened(tab: tab)
            #expect(Self.form(state)?.step == .writing, "\(tab.name)")
        }
        let state = Self.opened()
        #expect(Self.screen(state).contains("Enter new line · Backspace erases · Ctrl-D or F2 done · Esc leave"))
        #expect(KeyHelp.bindings(for: state).compactMap(\.footer) == ["type", "Enter new line", "Ctrl-D/F2 done", "Esc leave"])
        #expect(Self.screen(state).contains("0 of 4,000 characters"))
    }

    @Test func enterStartsANewLineAndBackspaceErasesBackAcrossIt() {
        var state = Self.opened()
        #expect(state.type("Settled").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.type("Pain 2/10").isEmpty)
        #expect(Self.form(state)?.text == "Settled\nPain 2/10")
        for _ in 0..<9 { #expect(state.press(.backspace).isEmpty) }
        #expect(Self.form(state)?.text == "Settled\n")
        #expect(state.press(.backspace).isEmpty)
        #expect(Self.form(state)?.text == "Settled", "the line break is erased like a letter")
        #expect(state.press(.backspace).isEmpty)
        #expect(Self.form(state)?.text == "Settle")
    }

    @Test func typedLinesWrapAtTheFormWidthWithEveryCharacterShownAndTheCursorAfterTheLast() throws {
        var state = Self.opened()
        let words = "Mobilised to chair with one assist, tolerating diet, IV cannula left forearm site clean"
        #expect(state.type(words).isEmpty)
        let form = try #require(Self.form(state))
        let content = NursingNoteView.content(form, width: 30, context: Self.context)
        let rows = NoteTextRows.rows(form.text, width: 30)
        #expect(rows == ["Mobilised to chair with one ", "assist, tolerating diet, IV ", "cannula left forearm site ", "clean"])
        #expect(rows.joined() == words, "no character lost at a wrap")
        #expect(rows.allSatisfy { DisplayWidth.cells($0) <= 30 })
        let cursorLine = try #require(content.cursorLine)
        #expect(content.lines[cursorLine].plainText == "clean" && content.cursorColumn == 5)
    }

    @Test func aWordWiderThanTheFormIsBrokenAtTheEdgeAndSpacesAreKeptAsTyped() {
        #expect(NoteTextRows.rows("abcdefghijklmnop", width: 5) == ["abcde", "fghij", "klmno", "p"])
        #expect(NoteTextRows.rows("a  b\n\nc", width: 10) == ["a  b", "", "c"], "spaces and blank lines are the nurse's")
        #expect(NoteTextRows.cursor(after: ["abcde"], width: 5) == (1, 0), "a full row: the next letter goes below")
    }

    @Test func theNoteIsBoundedAndSaysSo() throws {
        var state = Self.opened()
        var form = try #require(Self.form(state))
        form.text = String(repeating: "a", count: NursingNoteEntry.maximumLength - 1)
        state.showForm(form)
        #expect(state.type("bc").isEmpty)
        let full = try #require(Self.form(state))
        #expect(full.text.count == NursingNoteEntry.maximumLength && full.text.hasSuffix("ab"))
        #expect(full.refusal == "The note is at its limit of 4,000 characters: save it, and write on in a new note")
        #expect(state.press(.enter).isEmpty)
        #expect(Self.form(state)?.text.count == NursingNoteEntry.maximumLength, "not even a line break past the limit")
        #expect(state.press(.backspace).isEmpty)
        #expect(Self.form(state)?.refusal == nil && Self.form(state)?.text.count == NursingNoteEntry.maximumLength - 1)
    }

    /// Combining marks typed onto one letter count against the bound: no note grows past it.
    @Test func marksTypedOntoOneLetterCountAgainstTheBound() throws {
        var state = Self.opened()
        var form = try #require(Self.form(state))
        form.text = String(repeating: "a", count: NursingNoteEntry.maximumLength - 2)
        state.showForm(form)
        for _ in 0..<5 { #expect(state.press(.character("\u{301}")).isEmpty) }
        #expect(Self.form(state)?.text.unicodeScalars.count == NursingNoteEntry.maximumLength)
        #expect(Self.form(state)?.refusal?.hasPrefix("The note is at its limit") == true)
    }

    @Test func onlyPrintableTextIsKept() {
        var state = Self.opened()
        for key: Character in ["\u{202E}", "\u{7}", "\u{200B}", "\u{E000}", "é", "€"] { #expect(state.press(.character(key)).isEmpty) }
        #expect(Self.form(state)?.text == "é€", "no bidi override, bell, zero-width or private character")
    }

    @Test func escWithNothingWrittenLeavesAndWithWordsAsksForASecondEsc() {
        var empty = Self.opened()
        #expect(empty.press(.escape).isEmpty)
        #expect(empty.charting == nil)

        var state = Self.opened()
        #expect(state.type("Drowsy").isEmpty)
        #expect(state.press(.escape).isEmpty)
        #expect(Self.form(state)?.text == "Drowsy", "one Esc throws nothing away")
        #expect(Self.screen(state).contains("Esc again throws this note away; any other key goes on writing"))
        #expect(state.type(" but rousable").isEmpty)
        #expect(Self.form(state)?.text == "Drowsy but rousable" && Self.form(state)?.isDiscarding == false)
        #expect(state.press(.escape, .escape).isEmpty)
        #expect(state.charting == nil)
    }

    @Test func doneWithNothingWrittenIsRefused() {
        var state = Self.opened()
        #expect(state.type("   ").isEmpty)
        #expect(state.press(.control("d")).isEmpty)
        #expect(Self.form(state)?.step == .writing)
        #expect(Self.form(state)?.refusal == "Nothing written yet: type the note, then Ctrl-D or F2")
    }

    @Test func theCheckNamesThePatientShowsTheNoteWholeAndEnterSavesIt() throws {
        var state = Self.opened()
        #expect(state.type("Settled overnight.").isEmpty)
        #expect(state.press(.enter, .enter).isEmpty)
        #expect(state.type("Plan: mobilise.  ").isEmpty)
        #expect(state.press(.function(2)).isEmpty)
        #expect(Self.form(state)?.step == .confirming)
        let check = Self.screen(state)
        #expect(check.first == "Save this nurse's note for")
        #expect(check.contains { $0.contains("FAMILY0, Given") && $0.contains("DOB 1950-01-01") && $0.contains("MRN MRN0") }, "\(check)")
        #expect(check.contains("Not admitted: the note is in no encounter"))
        #expect(check.contains("Settled overnight.") && check.contains("Plan: mobilise."))
        #expect(KeyHelp.bindings(for: state).compactMap(\.footer) == ["Enter save", "Esc back"])
        let note = NursingNoteEntry(patientID: "p0", encounterID: nil, text: "Settled overnight.\n\nPlan: mobilise.", date: state.now)
        #expect(state.press(.enter) == [.charting(NursingNoteSave(note).effect)])
        #expect(state.notice == StatusText.saving)
        #expect(state.press(.enter).isEmpty, "a second Enter while saving saves nothing more")
    }

    @Test func escAtTheCheckGoesBackToWritingWithEveryWordKept() {
        var state = Self.opened()
        #expect(state.type("Voiding well").isEmpty)
        #expect(state.press(.control("d"), .escape).isEmpty)
        #expect(Self.form(state)?.step == .writing && Self.form(state)?.text == "Voiding well")
    }

    @Test func anAdmittedPatientsNoteGoesInTheStay() throws {
        var state = Charted.state()
        var summary = try #require(state.chart?.summary.value)
        let stay = Encounter(id: "stay-1", patientID: "p0", encounterClass: .inpatient, period: Period(start: Census.now.addingTimeInterval(-86_400)))
        summary.banner.currentEncounter = EncounterItem(encounter: stay)
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(SummaryState.self, summary)))).isEmpty)
        #expect(state.press(.character("n")).isEmpty)
        #expect(state.type("Admitted from ED").isEmpty)
        #expect(state.press(.control("d")).isEmpty)
        #expect(Self.screen(state).contains { $0.hasPrefix("In the current stay since ") })
        #expect(state.press(.enter) == [.charting(NursingNoteSave(NursingNoteEntry(patientID: "p0", encounterID: "stay-1", text: "Admitted from ED", date: state.now)).effect)])
    }

    @Test func aRefusedSaveIsShownAtTheCheckAndNothingIsLost() {
        var state = Self.opened()
        #expect(state.type("Wound dressing changed").isEmpty)
        #expect(state.press(.control("d")).isEmpty)
        #expect(state.press(.enter).count == 1)
        #expect(state.update(.charting(patientID: "p0", .saveFailed("the cache is full"))).isEmpty)
        #expect(Self.form(state)?.step == .confirming && Self.form(state)?.text == "Wound dressing changed")
        #expect(Self.screen(state).contains("not saved: the cache is full"))
    }

    @Test func beforeTheSummaryIsLoadedNothingOpens() {
        var state = Census.state()
        #expect(state.press(.enter, .character("n")).isEmpty)
        #expect(state.charting == nil)
        #expect(state.notice == StatusText.chartStillLoading(press: "n"))
    }

    /// A long note at 40x12: Enter at the check shows the next lines until every line has been
    /// on screen, and only then saves.
    @Test func aLongNoteIsReadWholeBeforeEnterSavesIt() throws {
        var state = Self.opened()
        #expect(state.update(.resized(columns: 40, rows: 12)).isEmpty)
        let text = (1...30).map { "line \($0) of the handover" }.joined(separator: "\n")
        var form = try #require(Self.form(state))
        form.text = text
        state.showForm(form)
        #expect(state.press(.control("d")).isEmpty)
        var presses = 0
        while state.charting?.isSaving == false, presses < 40 {
            let effects = state.press(.enter)
            presses += 1
            if !effects.isEmpty { #expect(effects == [.charting(NursingNoteSave(NursingNoteEntry(patientID: "p0", encounterID: nil, text: text, date: state.now)).effect)]) }
        }
        #expect(presses > 3, "the note took pages to read")
        #expect(state.charting?.isSaving == true)
    }

    /// Every key the footer and `?` list works, and every key that works is listed.
    @Test func theKeysListedAreTheKeysThatWork() {
        var state = Self.opened()
        #expect(state.type("Comfortable").isEmpty)
        KeyBindingAgreementTests.expectAgreement(state, "nurse's note, writing", scrolls: false)
        #expect(state.press(.control("d")).isEmpty)
        KeyBindingAgreementTests.expectAgreement(state, "nurse's note, check", scrolls: false)
        let listed = NursingNoteState.descriptor.help.flatMap(\.bindings)
        for step in [NursingNoteState.Step.writing, .confirming] {
            for binding in KeyHelp.nursingNote(step) { #expect(listed.contains(binding), "\(step): \(binding.label)") }
        }
    }

    @Test func theSaveIsAuditedAsCharting() {
        #expect(NursingNoteSave(NursingNoteEntry(patientID: "p0", encounterID: nil, text: "x", date: Census.now)).audit == .charting)
    }
}
