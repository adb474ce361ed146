import CoreDomain
import Foundation
import Testing
@testable import SharedPresentation

/// Help and keys agree: in each view, every key a binding lists does something, and every
/// other key does nothing. "Does something" is what a person would notice: the state changed
/// or work was asked for.
@Suite struct KeyBindingAgreementTests {
    /// Every key a terminal can send that the workstation knows.
    static let universe: [InputKey] = (32...126).map { .character(Character(Unicode.Scalar(UInt8($0)))) }
        + [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .tab, .backTab, .backspace, .delete]
        + "abcdefghijklmnopqrstuvwxyz".map { .control($0) } + (1...12).map { .function($0) }

    private static func works(_ key: InputKey, in state: WorkstationState) -> Bool {
        var pressed = state
        return !pressed.update(.key(key)).isEmpty || pressed != state
    }

    /// `scrolls`: the body is taller than the pane, so the scroll keys have somewhere to go.
    static func expectAgreement(
        _ state: WorkstationState, _ view: String, scrolls: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let bindings = KeyHelp.bindings(for: state)
        for binding in bindings where scrolls || !(binding.keys.contains(.down) || binding.keys.contains(.pageDown)) {
            let keys = binding.keys + (binding.typesText ? [.character("7"), .backspace] : [])
            let idle = keys.filter { !works($0, in: state) }
            // A choice (a tab's number, room air or O2) may name what is already chosen: one of its keys must act.
            let isChoice = binding == KeyHelp.common(tabCount: state.chartTabs.count)[0] || binding == KeyHelp.oxygenChoice || binding == KeyHelp.deviceChoice
            for key in isChoice && idle.count < keys.count ? [] : idle {
                Issue.record("\(view): \(key), listed as \"\(binding.label) \(binding.action)\", does nothing", sourceLocation: sourceLocation)
            }
        }
        for key in universe where !bindings.contains(where: { $0.matches(key) }) && works(key, in: state) {
            Issue.record("\(view): \(key) works but help does not list it", sourceLocation: sourceLocation)
        }
    }

    @Test func patientList() {
        var state = Census.state()
        #expect(state.press(.down, .down, .down, .down, .down) == Census.opened("p1", "p2", "p3", "p4", "p5"))
        #expect(state.update(.chart(patientID: "p5", .loaded(ChartContent(SummaryState.self, Census.summary(for: Census.entry(5)))))).isEmpty)
        state.notice = nil
        Self.expectAgreement(state, "list")
    }

    @Test func summaryScrolledToTheMiddle() {
        var state = Scrolling.longSummaryState()
        #expect(state.press(.pageDown).isEmpty)
        Self.expectAgreement(state, "summary")
    }

    @Test func encountersWithTheMiddleOneChosen() {
        var state = ChartKeysTests.chartState()
        #expect(state.press(.character("2")) == [.chart(patientID: "p0", .load(.encounters))])
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(EncountersState.self, Census.encounters(40, patientID: "p0"))))).isEmpty)
        #expect(state.press(.pageDown).isEmpty)
        Self.expectAgreement(state, "encounters")
        #expect(state.press(.enter).isEmpty)
        Self.expectAgreement(state, "encounter details", scrolls: false)
    }

    @Test func vitalsWithTheMiddleRoundChosen() {
        var state = Charted.state(tab: .vitals, readings: Charted.readings + [Charted.reading(.heartRate, 84, id: "hr-oldest", minutesAgo: 480)])
        #expect(state.press(.down).isEmpty)
        Self.expectAgreement(state, "vitals")
    }

    @Test func searchBeingTyped() {
        var state = Census.state()
        #expect(state.press(.character("/"), .character("F"), .down) == Census.searches("F") + Census.opened("p1"))
        Self.expectAgreement(state, "search")
    }

    @Test func lockScreenWithSomethingTyped() {
        var state = Census.state()
        #expect(state.press(.character("L"), .character("x")) == [.lock(.locked)])
        Self.expectAgreement(state, "lock")
    }

    @Test func helpScrolledToTheMiddle() {
        var state = Census.state(columns: 80, rows: 14)
        #expect(state.press(.character("?"), .pageDown).isEmpty)
        Self.expectAgreement(state, "help")
    }

    @Test func vitalsFormOnATextFieldAndOnTheOxygenField() {
        var state = Charted.state()
        #expect(state.press(.character("a")).isEmpty)
        #expect(state.type("80").isEmpty)
        state.notice = nil
        Self.expectAgreement(state, "vitals form, heart rate")
        while state.form?.focus != .oxygen { #expect(state.press(.tab).isEmpty) }
        Self.expectAgreement(state, "vitals form, oxygen")
        #expect(state.press(.character("o"), .tab).isEmpty)
        Self.expectAgreement(state, "vitals form, O2 device")
        #expect(state.press(.character("v")).isEmpty)
        Self.expectAgreement(state, "vitals form, O2 device picked")
    }

    @Test func confirmStepTallerThanTheScreen() {
        var state = Charted.state()
        #expect(state.update(.resized(columns: 40, rows: 12)).isEmpty)
        #expect(state.press(.character("a")).isEmpty)
        #expect(state.type("80").isEmpty)
        #expect(state.press(.enter, .down).isEmpty)
        Self.expectAgreement(state, "vitals confirm")
    }

    @Test func tooSmall() {
        var state = Census.state()
        #expect(state.update(.resized(columns: 30, rows: 10)).isEmpty)
        Self.expectAgreement(state, "too small")
    }

    @Test func marAndEachStepOfRecordingADose() {
        let earlier = MedicationAdministration(id: "g1", patientID: "p0", requestID: "a", status: .completed,
                                               effective: DoseFormFeatureTests.at(9, 30), performer: "nurse2")
        var state = DoseFormFeatureTests.opened(DoseFormFeatureTests.list(given: [earlier]))
        var mar = state
        mar.charting = nil
        Self.expectAgreement(mar, "MAR with the second dose chosen", scrolls: false)
        #expect(state.type("MRN").isEmpty)
        Self.expectAgreement(state, "dose form, wristband")
        #expect(state.type("0").isEmpty)
        #expect(state.press(.enter).isEmpty)
        Self.expectAgreement(state, "dose form, given / not given / held")
        var reason = state
        #expect(reason.press(.character("n")).isEmpty)
        Self.expectAgreement(reason, "dose form, reason")
        #expect(state.press(.character("g")).isEmpty)
        #expect(state.type("Amox").isEmpty)
        Self.expectAgreement(state, "dose form, the drug")
        #expect(state.type("icillin").isEmpty)
        #expect(state.press(.enter, .enter, .enter, .character("1")).isEmpty)
        Self.expectAgreement(state, "dose form, time")
        #expect(state.press(.control("u"), .enter).isEmpty)
        Self.expectAgreement(state, "dose form, second dose")
        #expect(state.press(.character("y")).isEmpty)
        Self.expectAgreement(state, "dose form, confirm", scrolls: false)
    }

    /// An as-needed dose starts at its dose (no choice): Esc there leaves, and says so.
    @Test func anAsNeededDoseFromItsWristbandToItsConfirm() {
        var state = AsNeededDoseTests.opened()
        #expect(state.type("MRN").isEmpty)
        Self.expectAgreement(state, "PRN dose form, wristband")
        #expect(state.type("0").isEmpty)
        #expect(state.press(.enter).isEmpty)
        #expect(state.type("Parac").isEmpty)
        Self.expectAgreement(state, "PRN dose form, its drug")
        #expect(state.type("etamol").isEmpty)
        #expect(state.press(.enter).isEmpty)
        Self.expectAgreement(state, "PRN dose form, its dose")
        #expect(state.press(.enter, .enter, .enter).isEmpty)
        #expect(state.type("pain").isEmpty)
        Self.expectAgreement(state, "PRN dose form, why it is given")
        #expect(state.type(" 7/10").isEmpty)
        #expect(state.press(.enter).isEmpty)
        Self.expectAgreement(state, "PRN dose form, confirm", scrolls: false)
    }
}
