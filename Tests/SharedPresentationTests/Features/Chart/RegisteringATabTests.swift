import CoreDomain
import Testing
import TestSupport
@testable import SharedPresentation

/// A tab is one feature (`HandoverState`, written for this test) and one line in the list of
/// tabs: with nothing else changed, it is on the tab bar, in help and the footer, its number
/// loads it through the effect runner (audited by its name), it draws, and its keys work.
@Suite struct RegisteringATabTests {
    private static let notes = ["0 encounters on file", "handover: settled overnight"]

    /// p0's chart focused on its summary, with the Handover tab registered after the app's own.
    private static func withHandover() -> WorkstationState {
        var state = ChartKeysTests.chartState()
        state.chartTabs = ChartTab.registered + [.handover]
        return state
    }

    private static func body(_ state: WorkstationState) -> [String] {
        ChartBodyView.content(state.chart!, width: 40, context: state.layoutContext).lines.map(\.plainText)
    }

    @Test func aRegisteredTabIsOnTheTabBarAndInHelp() {
        let state = Self.withHandover()
        let bar = ChartTabBarView.line(state.chartTabs, current: .summary, width: 76, showBack: false).plainText
        #expect(bar == "[1 Summary]  2 Encounters   3 Vitals   4 Meds   5 Results   6 Handover ")
        let help = ChromeView.help(state, width: 80).map(\.plainText)
        #expect(help.contains { $0.contains("oldest or newest note first (Handover tab)") })
        #expect(help.contains { $0.contains("Tab S-Tab 1-6") })
    }

    @Test func itsNumberLoadsItThroughTheRunnerAuditedAndItDraws() async throws {
        var store = TestStore(Self.withHandover())
        store.press(.character("6"), effects: [.chart(patientID: "p0", .load(.handover))]) {
            $0.chart?.tab = .handover
            $0.chart?[HandoverState.self] = HandoverState()
            $0.chart?.scroll[.handover] = 0
        }
        #expect(Self.body(store.state) == ["loading…"])

        let trail = RecordingTrail()
        let runner = UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: trail) { _ in (true, nil) })
        let answer = try #require(await runner.run(.chart(patientID: "p0", .load(.handover))))
        #expect(answer == .chart(patientID: "p0", .loaded(ChartContent(HandoverState.self, Self.notes))))
        #expect(trail.records == [.init(action: .chartOpened(tab: "handover"), patientID: "p0", outcome: .success)])

        store.send(answer) { $0.chart?[HandoverState.self]?.notes = .loaded(Self.notes) }
        #expect(Self.body(store.state) == Self.notes)
        #expect(ChromeView.footer(store.state, width: 80).plainText.contains("n order"))

        store.press(.character("n")) { $0.chart?[HandoverState.self]?.isOldestFirst = true }
        #expect(Self.body(store.state) == Self.notes.reversed())
        KeyBindingAgreementTests.expectAgreement(store.state, "handover", scrolls: false)
    }

    @Test func theTabKeysReachIt() {
        var store = TestStore(Self.withHandover())
        store.press(.backTab, effects: [.chart(patientID: "p0", .load(.handover))]) {
            $0.chart?.tab = .handover
            $0.chart?[HandoverState.self] = HandoverState()
            $0.chart?.scroll[.handover] = 0
        }
        store.press(.tab) {
            $0.chart?.tab = .summary
            $0.chart?.scroll[.summary] = 0
        }
    }

    /// What the footer and the keys allow on a tab, `?` lists: no tab has a key help leaves out.
    @Test(arguments: ChartTab.registered + [.handover])
    func everyKeyOfATabIsInItsHelp(_ tab: ChartTab) {
        let state = tab.emptyState()
        for binding in state.bindings(isFocused: true) + state.bindings(isFocused: false) {
            #expect(tab.descriptor.help.contains(binding), "\(tab.title): \(binding.label) \(binding.action)")
        }
    }
}
