import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// `e` on a PRN line of the MAR records how well its last dose worked: the effect by letter, an
/// optional note, a confirm step naming the patient and the drug, then one save; nothing is
/// stored before Enter there.
@Suite struct PRNFollowUpTests {
    private static let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }
    static let dose = MedicationAdministration(id: "ma-prn", patientID: "p0", requestID: "prn", status: .completed,
                                               effective: Census.now.addingTimeInterval(-30 * 60), performer: "nurse2")

    /// The PRN line chosen (past the three scheduled doses), then `e`.
    static func opened(given: [MedicationAdministration] = [dose]) -> WorkstationState {
        var state = Charted.state(tab: .medications)
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(MedicationsState.self, AsNeededDoseTests.list(given: given))))).isEmpty)
        #expect(state.press(.character("m"), .down, .down, .down).isEmpty)
        #expect(state.press(.character("e")).isEmpty, "nothing is stored on opening")
        return state
    }

    private static func screen(_ state: WorkstationState) -> String {
        guard let form = state.charting?[PRNFollowUpState.self] else { return "" }
        return PRNFollowUpView.content(form, width: 76, context: context).lines.map(\.plainText).joined(separator: "\n")
    }

    @Test func eRecordsTheEffectAfterAConfirmNamingThePatientAndTheDrug() throws {
        var state = Self.opened()
        let form = try #require(state.charting?[PRNFollowUpState.self])
        #expect(form.step == .choose && form.dose == Self.dose)
        #expect(Self.screen(state).contains("Effect of Paracetamol"))
        #expect(Self.screen(state).contains("p  partly effective"))
        #expect(state.press(.character("x")).isEmpty, "not an answer's letter: nothing happens")
        #expect(state.charting?[PRNFollowUpState.self]?.step == .choose)
        #expect(state.press(.character("p")).isEmpty)
        #expect(state.charting?[PRNFollowUpState.self]?.step == .note)
        #expect(state.type("pain 4/10").isEmpty)
        #expect(state.press(.enter).isEmpty)
        let confirm = Self.screen(state)
        #expect(confirm.contains("FAMILY0, Given") && confirm.contains("DOB 1950-01-01") && confirm.contains("MRN MRN0"), "\(confirm)")
        #expect(confirm.contains("Paracetamol") && confirm.contains("EFFECT: partly effective") && confirm.contains("note: pain 4/10"))
        #expect(KeyHelp.bindings(for: state).compactMap(\.footer).contains("Enter record"))
        let entry = PRNEffectEntry(patientID: "p0", administrationID: "ma-prn", effect: .partlyEffective, note: "pain 4/10", effective: state.now)
        #expect(state.press(.enter) == [.charting(PRNFollowUpSave(entry).effect)])
        #expect(state.notice == StatusText.saving)
        #expect(state.press(.enter).isEmpty, "a second Enter while saving saves nothing more")
    }

    @Test func anEmptyNoteIsNoNote() {
        var state = Self.opened()
        #expect(state.press(.character("e"), .enter).isEmpty)
        let entry = PRNEffectEntry(patientID: "p0", administrationID: "ma-prn", effect: .effective, note: nil, effective: state.now)
        #expect(state.press(.enter) == [.charting(PRNFollowUpSave(entry).effect)])
    }

    @Test func escGoesBackToTheChoiceThenLeavesWithNothingSaved() {
        var state = Self.opened()
        #expect(state.press(.character("n"), .enter).isEmpty)
        #expect(state.charting?[PRNFollowUpState.self]?.step == .confirming)
        #expect(state.press(.escape).isEmpty)
        #expect(state.charting?[PRNFollowUpState.self]?.step == .choose)
        #expect(state.press(.escape).isEmpty)
        #expect(state.charting == nil)
    }

    @Test func aRefusedSaveIsShownAtTheConfirmAndNothingIsLost() {
        var state = Self.opened()
        #expect(state.press(.character("e"), .enter).isEmpty)
        #expect(state.press(.enter).count == 1)
        #expect(state.update(.charting(patientID: "p0", .saveFailed("the cache is full"))).isEmpty)
        #expect(state.charting?[PRNFollowUpState.self]?.step == .confirming)
        #expect(Self.screen(state).contains("not saved: the cache is full"))
    }

    @Test func aPRNLineWithNoDoseGivenOpensNothing() {
        let state = Self.opened(given: [])
        #expect(state.charting == nil)
        #expect(state.notice == PRNFollowUpState.noDoseGiven)
    }

    @Test func eOnAScheduledDoseDoesNothing() {
        var state = Charted.state(tab: .medications)
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(MedicationsState.self, AsNeededDoseTests.list(given: [Self.dose]))))).isEmpty)
        #expect(state.press(.character("m"), .character("e")).isEmpty)
        #expect(state.charting == nil)
    }

    /// `?` on the chart lists `e`, and the form's help lists every key of every step.
    @Test func helpListsEAndEveryKeyOfTheForm() {
        #expect(MedicationsState.descriptor.help.contains { $0.label == "e" })
        let listed = PRNFollowUpState.descriptor.help.flatMap(\.bindings)
        for step in [PRNFollowUpState.Step.choose, .note, .confirming] {
            for binding in KeyHelp.prnFollowUp(step) { #expect(listed.contains(binding), "\(step): \(binding.label)") }
        }
    }

    /// Every key the footer and `?` list works, and every key that works is listed: on the PRN
    /// line (`e`) and at each step of the form.
    @Test func theKeysListedAreTheKeysThatWork() {
        var line = Charted.state(tab: .medications)
        #expect(line.update(.chart(patientID: "p0", .loaded(ChartContent(MedicationsState.self, AsNeededDoseTests.list(given: [Self.dose]))))).isEmpty)
        #expect(line.press(.character("m"), .down, .down, .down).isEmpty)
        #expect(KeyHelp.bindings(for: line).contains(KeyHelp.marAsNeeded))
        KeyBindingAgreementTests.expectAgreement(line, "MAR with a PRN line chosen", scrolls: false)
        var state = Self.opened()
        KeyBindingAgreementTests.expectAgreement(state, "PRN effect, choice")
        #expect(state.press(.character("e")).isEmpty)
        #expect(state.type("calm").isEmpty)
        KeyBindingAgreementTests.expectAgreement(state, "PRN effect, note")
        #expect(state.press(.enter).isEmpty)
        KeyBindingAgreementTests.expectAgreement(state, "PRN effect, confirm", scrolls: false)
    }

    @Test func theSaveIsAuditedAsCharting() {
        let entry = PRNEffectEntry(patientID: "p0", administrationID: "ma-prn", effect: .effective, note: nil, effective: Census.now)
        #expect(PRNFollowUpSave(entry).audit == .charting)
    }
}
