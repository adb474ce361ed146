import CoreDomain
import CoreUseCases
import Foundation
@testable import SharedPresentation
import Testing

/// An as-needed (PRN) order on the MAR: listed after the doses, never due, chosen like a dose;
/// `r` records a dose given now, with the wristband, the allergy check and, where the order's
/// timing gives a minimum interval, the second-dose guard naming when and by whom.
@Suite struct AsNeededDoseTests {
    /// Paracetamol 1 g PO every 4 h as needed; the MAR's scheduled amoxicillin has two doses
    /// before it (09:00 and 14:00 today), so the PRN line is the third choice.
    static let paracetamol = MedicationRequest(
        id: "prn", patientID: "p0", medication: CodedConcept(text: "Paracetamol"), dose: Quantity(value: 1, unit: "g", ucumCode: "g"),
        route: CodedConcept(text: "PO"), timing: .init(frequency: 1, period: 4, periodUnit: "h"), asNeeded: true, status: .active,
        authoredOn: Census.now.addingTimeInterval(-86_400))

    static func list(given: [MedicationAdministration] = [], allergen: String? = nil) -> MedicationList {
        let calendar = DoseFormFeatureTests.calendar
        var list = MedicationList(requests: [DoseFormFeatureTests.amoxicillin, paracetamol])
        list.record = MedicationAdministrationRecord(
            requests: list.active, administrations: given, from: calendar.startOfDay(for: Census.now),
            to: calendar.startOfDay(for: Census.now).addingTimeInterval(86_399), ward: WardAdministrationTimes(), calendar: calendar)
        if let allergen { list.allergyConflicts["prn"] = allergen }
        return list
    }

    static let fourHours = DoubleDoseCheck(interval: 4 * 3_600)

    static func given(at time: Date, notes: [String] = []) -> DoseRecord {
        DoseRecord(status: .completed, patientID: "p0", requestID: "prn", medication: paracetamol.medication, effective: time,
                   dose: paracetamol.dose, route: paracetamol.route, notes: notes, indication: "pain 7/10", orderedDose: paracetamol.dose)
    }

    /// The drug's name typed (the order has no code), the dose, route and time as prefilled,
    /// then why it is given.
    static func givenNowForPain(_ state: inout WorkstationState) {
        #expect(state.doseForm?.step == .drug)
        #expect(state.type("Paracetamol").isEmpty)
        for _ in 0..<4 { #expect(state.press(.enter).isEmpty) }
        #expect(state.doseForm?.step == .indication)
        #expect(state.type("pain 7/10").isEmpty)
        #expect(state.press(.enter).isEmpty)
    }

    /// The PRN line chosen with ↓ past the scheduled doses, then `r`.
    static func opened(_ list: MedicationList = list(), wristbandCheck: Bool = true) -> WorkstationState {
        var state = Charted.state(tab: .medications)
        state.session.wristbandCheck = wristbandCheck
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(MedicationsState.self, list)))).isEmpty)
        #expect(state.press(.character("m"), .down, .down).isEmpty)
        #expect(state.chart?[MedicationsState.self]?.chosenDose == 3, "past the doses (09:00, 14:00, 21:00) to the PRN line")
        #expect(state.press(.character("r")).isEmpty)
        return state
    }

    @Test func rOnAnAsNeededOrderRecordsADoseGivenNowAfterTheWristband() {
        var state = Self.opened()
        #expect(state.doseForm?.dose.isAsNeeded == true)
        #expect(state.doseForm?.step == .wristband)
        #expect(state.type("MRN0").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.step == .drug, "only ever given: no choice")
        #expect(state.type("Paracetamol").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.input == "1 g", "the order's dose, prefilled")
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.input == "PO", "the order's route, prefilled")
        #expect(state.press(.enter).isEmpty)
        #expect(state.press(.enter).isEmpty, "the time: empty is now")
        #expect(state.doseForm?.step == .indication, "an as-needed dose is given for a reason")
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.refusal == "type why it is given (as pain 7/10), or Esc to go back", "never without one")
        #expect(state.type("pain 7/10").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.step == .confirming, "never early or late")
        #expect(state.press(.enter) == [.charting(DoseSave.record(Self.given(at: Census.now), overrides: [], check: Self.fourHours).effect)])
    }

    @Test func escOnTheFirstStepLeavesRecordingNothing() {
        var state = Self.opened(wristbandCheck: false)
        #expect(state.doseForm?.step == .drug)
        #expect(KeyHelp.bindings(for: state).contains(KeyHelp.doseLeave))
        #expect(state.press(.escape).isEmpty)
        #expect(state.charting == nil)
    }

    @Test func aSecondDoseInsideTheOrdersIntervalNamesWhenAndByWhom() {
        let earlier = MedicationAdministration(
            id: "p1", patientID: "p0", requestID: "prn", status: .completed, effective: Census.now.addingTimeInterval(-2 * 3_600), performer: "nurse2")
        var state = Self.opened(Self.list(given: [earlier], allergen: "Paracetamol"), wristbandCheck: false)
        Self.givenNowForPain(&state)
        #expect(state.doseForm?.step == .warning(.allergy("Paracetamol")))
        #expect(state.type("tolerated before").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.doseForm?.step == .warning(.doubleDose(earlier)), "given 2 h ago, every 4 h at most")
        #expect(state.press(.character("y")).isEmpty)
        let notes = ["allergy to Paracetamol overridden: tolerated before", "second dose confirmed: already given 12:13 by nurse2"]
        #expect(state.press(.enter) == [.charting(DoseSave.record(Self.given(at: Census.now, notes: notes), overrides: [.allergy, .doubleDose],
                                                    check: DoubleDoseCheck(interval: 4 * 3_600, confirmed: ["p1"])).effect)])
    }

    /// Another nurse's dose recorded while this form was open (another session): the cache at
    /// saving has it, nothing is stored, and the form asks for a second dose naming them.
    @Test func aDoseGivenMeanwhileAsksForASecondDoseAgainAtSaving() {
        var state = Self.opened(wristbandCheck: false)
        Self.givenNowForPain(&state)
        #expect(state.press(.enter) == [.charting(DoseSave.record(Self.given(at: Census.now), overrides: [], check: Self.fourHours).effect)])
        let meanwhile = MedicationAdministration(
            id: "other", patientID: "p0", requestID: "prn", status: .completed, effective: Census.now.addingTimeInterval(-600), performer: "nurse2")
        #expect(state.update(.charting(patientID: "p0", .saveQuestioned(ChartingQuestion(meanwhile)))).isEmpty)
        #expect(state.doseForm?.step == .warning(.doubleDose(meanwhile)))
        #expect(state.notice?.text == "not saved: already given meanwhile by nurse2")
        #expect(state.press(.character("y")).isEmpty)
        #expect(state.doseForm?.step == .confirming)
        let second = Self.given(at: Census.now, notes: ["second dose confirmed: already given 14:03 by nurse2"])
        #expect(state.press(.enter) == [.charting(DoseSave.record(second, overrides: [.doubleDose], check: DoubleDoseCheck(interval: 4 * 3_600, confirmed: ["other"])).effect)])
    }

    /// `x` on a PRN line marks its last dose given entered in error, as on a scheduled dose.
    @Test func xOnAnAsNeededLineMarksItsLastDoseEnteredInError() {
        var none = Self.opened(wristbandCheck: false)
        none.charting = nil
        #expect(none.press(.character("x")).isEmpty)
        #expect(none.notice?.text == "nothing recorded for this dose to mark entered in error")
        let earlier = MedicationAdministration(
            id: "p1", patientID: "p0", requestID: "prn", status: .completed, effective: Census.now.addingTimeInterval(-3_600), performer: "nurse1")
        var state = Self.opened(Self.list(given: [earlier]), wristbandCheck: false)
        state.charting = nil
        #expect(state.press(.character("x")).isEmpty)
        #expect(state.doseForm?.step == .correctionReason)
        #expect(state.type("wrong patient").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.press(.enter) == [.charting(DoseSave.correct(patientID: "p0", administrationID: "p1", reason: "wrong patient").effect)])
    }

    @Test func aDoseGivenLongerAgoThanTheIntervalAsksNothing() {
        let earlier = MedicationAdministration(
            id: "p1", patientID: "p0", requestID: "prn", status: .completed, effective: Census.now.addingTimeInterval(-5 * 3_600), performer: "nurse2")
        var state = Self.opened(Self.list(given: [earlier]), wristbandCheck: false)
        Self.givenNowForPain(&state)
        #expect(state.doseForm?.step == .confirming)
    }

    @Test func theMARsPRNLineShowsTheLastDoseGivenAndIsChosenWithTheMarker() {
        let earlier = MedicationAdministration(
            id: "p1", patientID: "p0", requestID: "prn", status: .completed, effective: Census.now.addingTimeInterval(-2 * 3_600), performer: "nurse1",
            indication: "pain 7/10")
        let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }
        let content = MARView.content(Self.list(given: [earlier]), chosen: 3, width: 76, context: context)
        let text = content.lines.map { $0.spans.map(\.text).joined() }
        let line = text.firstIndex { $0.contains("Paracetamol") }
        #expect(line.map { text[$0] }?.hasPrefix("> ") == true)
        #expect(content.lines.map { $0.spans.map(\.text).joined() }.joined(separator: " ").contains("last 12:13 by nurse1 (pain 7/10)"), "\(text)")
        #expect(content.items[3].first == line)
        #expect(content.items[3].lines.upperBound == text.count, "the PRN line's last line, kept in view with it")
    }

    /// A chosen item that wraps is shown whole when it fits: its recorded detail (the PRN line's
    /// `last …`) is never left below the screen.
    @Test func aWrappedChoiceIsScrolledIntoViewWhole() {
        let content = ScrollContent(lines: Array(repeating: StyledLine(""), count: 10), items: [ScrollItem(lines: 0..<5), ScrollItem(lines: 5..<8)])
        #expect(content.moved(ScrollPosition(offset: 0, selected: 0), .down, height: 4) == ScrollPosition(offset: 4, selected: 1))
        let tall = ScrollContent(lines: Array(repeating: StyledLine(""), count: 10), items: [ScrollItem(lines: 0..<2), ScrollItem(lines: 2..<9)])
        #expect(tall.moved(ScrollPosition(offset: 0, selected: 0), .down, height: 4) == ScrollPosition(offset: 2, selected: 1),
                "taller than the screen: its first line first")
    }

    @Test func theIntervalComesFromTheTimingOrItsCodeAndIsNeverInvented() {
        var order = Self.paracetamol
        #expect(AsNeededIntervalRule.minimumInterval(of: order) == TimeInterval(4 * 3_600))
        order.timing = .init(frequency: 3, period: 1, periodUnit: "d")
        #expect(AsNeededIntervalRule.minimumInterval(of: order) == TimeInterval(8 * 3_600))
        order.timing = .init(code: "Q6H PRN")
        #expect(AsNeededIntervalRule.minimumInterval(of: order) == TimeInterval(6 * 3_600))
        order.timing = .init(code: "PRN")
        #expect(AsNeededIntervalRule.minimumInterval(of: order) == nil)
        order.timing = nil
        #expect(AsNeededIntervalRule.minimumInterval(of: order) == nil)
    }
}
