import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// Recording a dose from the MAR as a nurse does it: the wristband first, then given, not
/// given or held, each warning answered, the confirm step, and only then the outbox.
@Suite struct DoseFormFeatureTests {
    static let calendar = MARViewTests.calendar

    /// Amoxicillin 500 mg PO TID (09:00, 14:00, 21:00 UTC); Census.now is 14:13 UTC, so the
    /// 14:00 dose is due and the 09:00 one past.
    static let amoxicillin = MedicationRequest(
        id: "a", patientID: "p0", medication: CodedConcept(text: "Amoxicillin"), dose: Quantity(value: 500, unit: "mg", ucumCode: "mg"),
        route: CodedConcept(text: "PO"), timing: .init(code: "TID"), status: .active,
        authoredOn: Census.now.addingTimeInterval(-3 * 86_400))

    static func list(given: [MedicationAdministration] = [], allergen: String? = nil) -> MedicationList {
        var list = MedicationList(requests: [amoxicillin])
        list.record = MedicationAdministrationRecord(
            requests: list.active, administrations: given, from: calendar.startOfDay(for: Census.now),
            to: calendar.startOfDay(for: Census.now).addingTimeInterval(86_399), ward: WardAdministrationTimes(), calendar: calendar)
        if let allergen { list.allergyConflicts["a"] = allergen }
        return list
    }

    static func at(_ hour: Int, _ minute: Int = 0) -> Date {
        calendar.date(bySettingHour: hour, minute: minute, second: 0, of: Census.now)!
    }

    /// p0's MAR shown, the 14:00 dose chosen (the second), the form opened with `r`.
    static func opened(_ list: MedicationList = list(), wristbandCheck: Bool = true, dose index: Int = 1) -> WorkstationState {
        var state = Charted.state(tab: .medications)
        state.session.wristbandCheck = wristbandCheck
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(MedicationsState.self, list)))).isEmpty)
        #expect(state.press(.character("m")).isEmpty)
        state.chart?[MedicationsState.self]?.chosenDose = index
        #expect(KeyHelp.bindings(for: state).contains(KeyHelp.marDoses[0]), "r is listed on the MAR")
        #expect(state.press(.character("r")).isEmpty)
        return state
    }

    /// TID's 14:00 dose is 5 h after 09:00: the guard asked again at saving.
    static let fiveHours = DoubleDoseCheck(interval: 5 * 3_600)

    static func given(at time: Date, notes: [String] = [], dose scheduled: Date = at(14)) -> DoseRecord {
        DoseRecord(status: .completed, patientID: "p0", requestID: "a", medication: amoxicillin.medication, effective: time,
                   dose: amoxicillin.dose, route: amoxicillin.route, notes: notes, orderedDose: amoxicillin.dose, scheduledTime: scheduled)
    }

    /// `g`, then the drug confirmed: the fixture's order has no code, so its name is typed
    /// (`which`: the dose chosen first, where a late one's next is open).
    static func give(_ state: inout WorkstationState, which: Int? = nil) {
        #expect(state.press(.character("g")).isEmpty)
        if let which { #expect(state.press(.character(Character(String(which)))).isEmpty) }
        #expect(state.doseForm?.step == .drug)
        #expect(state.type("Amoxicillin").isEmpty)
        #expect(state.press(.enter).isEmpty)
    }

    /// The lines a step of the open form shows now, as the screen scrolled it.
    static func shown(_ state: WorkstationState) -> [String] {
        let screen = state.charting!
        let body = state.geometry.chartingBody(bannerLines: screen.banner(state.chartingContext).count)
        let content = screen.content(width: body.width, context: state.layoutContext)
        return content.window(screen.position.offset, height: body.height).lines.map { content.lines[$0].plainText }
    }

    /// At 40x12 an allergy's lines push the step's question below the four rows: each step
    /// opens with what it asks in view (the nurse pressed `g` with the letters never shown).
    @Test func atFortyByTwelveEachStepShowsWhatItAsks() {
        var state = Self.opened(Self.list(allergen: "Penicillins (class), amoxicillin and ampicillin"), wristbandCheck: false)
        #expect(state.update(.resized(columns: 40, rows: 12)).isEmpty)
        #expect(Self.shown(state).joined(separator: " ").contains("g given"), "\(Self.shown(state))")
        #expect(state.press(.character("n")).isEmpty)
        #expect(Self.shown(state).joined(separator: " ").contains("Not given because:"), "\(Self.shown(state))")
        #expect(state.press(.escape).isEmpty)
        Self.give(&state)
        #expect(state.press(.enter, .enter, .enter).isEmpty)
        #expect(Self.shown(state).joined(separator: " ").contains("Override the allergy"), "\(Self.shown(state))")
    }

    @Test func theMAROpensWithItsFirstDoseDueOrLateChosen() {
        var state = Charted.state(tab: .medications)
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(MedicationsState.self, Self.list())))).isEmpty)
        #expect(state.press(.character("m")).isEmpty)
        #expect(state.chart?[MedicationsState.self]?.chosenDose == 1, "09:00 is missed (14:00 has come due); 14:00 is due")
    }

    @Test func aWrongWristbandRecordsNothingAndTheRightOneLetsTheDoseBeGiven() {
        var state = Self.opened()
        #expect(state.doseForm?.step == .wristband)
        #expect(state.type("MRN9").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.refusal == "wristband does not match this chart: nothing recorded")
        #expect(state.doseForm?.step == .wristband)
        #expect(state.type("mrn0").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.step == .choose)
        Self.give(&state)
        #expect(state.doseForm?.input == "500 mg", "the order's dose, prefilled")
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.input == "PO", "the order's route, prefilled")
        #expect(state.press(.enter).isEmpty)
        #expect(state.press(.enter).isEmpty, "the time: empty is now")
        #expect(state.doseForm?.step == .confirming)
        var store = TestStore(state)
        store.press(.enter, effects: [.charting(DoseSave.record(Self.given(at: Census.now), overrides: [], check: Self.fiveHours).effect)]) {
            $0.notice = StatusText.saving
            $0.showForm({ var form = $0.doseForm!; form.step = .saving; return form }(state))
        }
    }

    @Test func aDoseNotGivenCarriesItsReasonAndNoDose() {
        var state = Self.opened(wristbandCheck: false)
        #expect(state.press(.character("n")).isEmpty)
        #expect(state.doseForm?.step == .reason)
        #expect(state.press(.character("r")).isEmpty)
        let refused = DoseRecord(status: .notDone, patientID: "p0", requestID: "a", medication: Self.amoxicillin.medication,
                                 effective: Census.now, reason: "patient refused", scheduledTime: Self.at(14))
        #expect(state.press(.enter) == [.charting(DoseSave.record(refused, overrides: []).effect)])
    }

    @Test func heldWithAReasonOfTheNursesOwnWords() {
        var state = Self.opened(wristbandCheck: false)
        #expect(state.press(.character("h")).isEmpty)
        #expect(state.press(.character("o")).isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.refusal == "type the reason, or Esc to go back")
        #expect(state.type("INR 4.8").isEmpty)
        #expect(state.press(.enter).isEmpty)
        guard case let .charting(.save(save))? = state.press(.enter).first, case let .record(dose, _, _)? = save.write as? DoseSave else {
            Issue.record("nothing recorded")
            return
        }
        #expect(dose.status == .onHold && dose.reason == "INR 4.8")
    }

    @Test func anAllergyAndASecondDoseMustEachBeAnsweredAndAreAudited() {
        let earlier = MedicationAdministration(id: "g1", patientID: "p0", requestID: "a", status: .completed, effective: Self.at(9, 30), performer: "nurse2")
        var state = Self.opened(Self.list(given: [earlier], allergen: "Penicillin"), wristbandCheck: false)
        Self.give(&state)
        for _ in 0..<3 { #expect(state.press(.enter).isEmpty) }
        #expect(state.doseForm?.step == .warning(.allergy("Penicillin")))
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.refusal != nil, "an override needs a reason")
        #expect(state.type("benefit outweighs risk, consultant aware").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.step == .warning(.doubleDose(earlier)))
        #expect(state.press(.enter).isEmpty, "only y gives a second dose")
        #expect(state.doseForm?.step == .warning(.doubleDose(earlier)))
        #expect(state.press(.character("y")).isEmpty)
        #expect(state.doseForm?.step == .confirming)
        let notes = ["allergy to Penicillin overridden: benefit outweighs risk, consultant aware",
                     "second dose confirmed: already given 09:30 by nurse2"]
        #expect(state.press(.enter) == [.charting(DoseSave.record(Self.given(at: Census.now, notes: notes), overrides: [.allergy, .doubleDose],
                                                        check: DoubleDoseCheck(interval: 5 * 3_600, confirmed: ["g1"])).effect)])
    }

    @Test func aDoseGivenOutsideItsWindowAsksWhy() {
        var state = Self.opened(wristbandCheck: false, dose: 0)
        // 09:00 is missed and 14:00 open: this is the 09:00 one, given late now.
        Self.give(&state, which: 1)
        for _ in 0..<3 { #expect(state.press(.enter).isEmpty) }
        #expect(state.doseForm?.step == .warning(.timing(.late(minutes: 313))))
        #expect(state.type("patient in theatre").isEmpty)
        #expect(state.press(.enter).isEmpty)
        let late = Self.given(at: Census.now, notes: ["given 313 min late: patient in theatre"], dose: Self.at(9))
        #expect(state.press(.enter) == [.charting(DoseSave.record(late, overrides: [.late], check: Self.fiveHours).effect)])
    }

    @Test func questionMarkShowsTheKeysWhereNothingIsTypedAndIsTypedWhereWordsAre() {
        var state = Self.opened(wristbandCheck: false)
        #expect(state.press(.character("?")).isEmpty)
        #expect(state.isHelpShown)
        state.isHelpShown = false
        #expect(state.press(.character("h"), .character("o"), .character("?")).isEmpty)
        #expect(state.doseForm?.input == "?")
        #expect(!state.isHelpShown)
    }

    @Test func escapeGoesBackToTheChoiceAndFromThereLeavesRecordingNothing() {
        var state = Self.opened(wristbandCheck: false)
        #expect(state.press(.character("g")).isEmpty)
        #expect(state.press(.escape).isEmpty)
        #expect(state.doseForm?.step == .choose)
        #expect(state.press(.escape).isEmpty)
        #expect(state.charting == nil)
    }

    @Test func aSaveTheOutboxRefusesKeepsTheConfirmStepWithTheReason() {
        var state = Self.opened(wristbandCheck: false)
        #expect(state.press(.character("n")).isEmpty)
        #expect(state.press(.character("v")).isEmpty)
        #expect(state.press(.enter).count == 1)
        #expect(state.update(.charting(patientID: "p0", .saveFailed("the cache is full"))).isEmpty)
        #expect(state.doseForm?.step == .confirming)
        #expect(state.doseForm?.failure == "not saved: the cache is full")
    }

    @Test func aRecordedDoseIsMarkedEnteredInErrorWithAReasonNeverDeleted() {
        let given = MedicationAdministration(id: "g1", patientID: "p0", requestID: "a", status: .completed, effective: Self.at(14, 5), performer: "nurse1")
        var state = Charted.state(tab: .medications)
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(MedicationsState.self, Self.list(given: [given]))))).isEmpty)
        #expect(state.press(.character("m")).isEmpty)
        #expect(state.press(.character("x")).isEmpty)
        #expect(state.notice?.text == "nothing recorded for this dose to mark entered in error", "the 09:00 dose has no record")
        #expect(state.press(.down, .character("x")).isEmpty)
        #expect(state.doseForm?.step == .correctionReason)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.refusal == "type why this record is wrong, or Esc to leave")
        #expect(state.type("wrong patient").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.step == .confirming)
        #expect(state.press(.enter) == [.charting(DoseSave.correct(patientID: "p0", administrationID: "g1", reason: "wrong patient").effect)])
    }

    @Test func anotherNursesDoseIsMarkedOnlyWhereTheWardAllowsIt() {
        let given = MedicationAdministration(id: "g1", patientID: "p0", requestID: "a", status: .completed, effective: Self.at(14, 5), performer: "nurse2")
        var state = Charted.state(tab: .medications)
        state.session.mayCorrectOthers = false
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(MedicationsState.self, Self.list(given: [given]))))).isEmpty)
        #expect(state.press(.character("m"), .down, .character("x")).isEmpty)
        #expect(state.charting == nil)
        #expect(state.notice?.text == "charted by nurse2: only its author may mark it (ward rule)")
    }

    /// At 80x24 every step shows the whole order (dose, unit, route) and the confirm step the
    /// patient named in full when the wristband is not checked.
    @Test func theFormShowsTheWholeOrderAndWithoutAWristbandCheckNamesThePatient() {
        var state = Self.opened(Self.list(allergen: "Penicillin"), wristbandCheck: false)
        let width = 76
        let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }
        func text() -> [String] {
            DoseFormView.content(state.doseForm!, width: width, context: context).lines.map { $0.spans.map(\.text).joined() }
        }
        #expect(text().contains { $0.contains("Amoxicillin 500 mg PO TID") })
        #expect(text().contains { $0.hasPrefix("ALLERGY: Penicillin") })
        #expect(state.press(.character("n")).isEmpty)
        #expect(state.press(.character("a")).isEmpty)
        let confirm = text()
        #expect(confirm.contains { $0.contains("FAMILY0, Given") && $0.contains("MRN0") })
        #expect(confirm.contains { $0.contains("NOT GIVEN at") && $0.contains("patient away") })
        #expect(confirm.allSatisfy { DisplayWidth.cells($0) <= width })
    }

    /// Esc back to the choice after the wristband matched: the form starts again at the choice,
    /// still on a ward that checks wristbands, so its confirm step never says the check is off.
    @Test func escBackToTheChoiceKeepsTheWardsWristbandCheck() {
        var state = Self.opened()
        #expect(state.type("MRN0").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.press(.character("g")).isEmpty)
        #expect(state.press(.escape).isEmpty)
        #expect(state.doseForm?.step == .choose)
        #expect(state.doseForm?.wristbandCheck == true)
        #expect(state.press(.character("n")).isEmpty)
        #expect(state.press(.character("a")).isEmpty)
        let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }
        let confirm = DoseFormView.content(state.doseForm!, width: 76, context: context).lines.map { $0.spans.map(\.text).joined() }
        #expect(!confirm.contains { $0.contains("wristband check off") })
    }
}

extension WorkstationState {
    var doseForm: DoseFormState? { charting?[DoseFormState.self] }
}
