import CoreDomain
import Testing
@testable import SharedPresentation

/// A tab is one feature (`NotesState`, written for this test) and one line in the list of
/// tabs: with nothing else changed, it is on the tab bar, in help and the footer, its number
/// loads it through the effect runner (audited by its name), it draws, and its keys work.
@Suite struct RegisteringATabTests {
    private static let notes = ["0 encounters on file", "handover: settled overnight"]

    /// p0's chart focused on its summary, with the Notes tab registered after the app's own.
    private static func withNotes() -> WorkstationState {
        var state = ChartKeysTests.chartState()
        state.chartTabs = ChartTab.registered + [.notes]
        return state
    }

    private static func body(_ state: WorkstationState) -> [String] {
        ChartBodyView.content(state.chart!, width: 40, context: state.layoutContext).lines.map(\.plainText)
    }

    @Test func aRegisteredTabIsOnTheTabBarAndInHelp() {
        let state = Self.withNotes()
        let bar = ChartTabBarView.line(state.chartTabs, current: .summary, width: 76, showBack: false).plainText
        #expect(bar == "[1 Summary]  2 Encounters   3 Vitals   4 Meds   5 Results   6 Notes ")
        let help = ChromeView.help(state, width: 80).map(\.plainText)
        #expect(help.contains { $0.contains("oldest or newest note first (Notes tab)") })
        #expect(help.contains { $0.contains("Tab S-Tab 1-6") })
    }

    @Test func itsNumberLoadsItThroughTheRunnerAuditedAndItDraws() async throws {
        var store = TestStore(Self.withNotes())
        store.press(.character("6"), effects: [.loadChart(patientID: "p0", .notes)]) {
            $0.chart?.tab = .notes
            $0.chart?[NotesState.self] = NotesState()
            $0.chart?.scroll[.notes] = 0
        }
        #expect(Self.body(store.state) == ["loading…"])

        let trail = RecordingTrail()
        let runner = UseCaseEffectRunner(WorkstationDependencies(directory: OnePatient(), chart: OnePatient(), audit: trail) { _ in (true, nil) })
        let answer = try #require(await runner.run(.loadChart(patientID: "p0", .notes)))
        #expect(answer == .chartLoaded(patientID: "p0", ChartContent(NotesState.self, Self.notes)))
        #expect(trail.records == [.init(action: .chartOpened(tab: "notes"), patientID: "p0", outcome: .success)])

        store.send(answer) { $0.chart?[NotesState.self]?.notes = .loaded(Self.notes) }
        #expect(Self.body(store.state) == Self.notes)
        #expect(ChromeView.footer(store.state, width: 80).plainText.contains("n order"))

        store.press(.character("n")) { $0.chart?[NotesState.self]?.isOldestFirst = true }
        #expect(Self.body(store.state) == Self.notes.reversed())
        KeyBindingAgreementTests.expectAgreement(store.state, "notes", scrolls: false)
    }

    @Test func theTabKeysReachIt() {
        var store = TestStore(Self.withNotes())
        store.press(.backTab, effects: [.loadChart(patientID: "p0", .notes)]) {
            $0.chart?.tab = .notes
            $0.chart?[NotesState.self] = NotesState()
            $0.chart?.scroll[.notes] = 0
        }
        store.press(.tab) {
            $0.chart?.tab = .summary
            $0.chart?.scroll[.summary] = 0
        }
    }

    /// What the footer and the keys allow on a tab, `?` lists: no tab has a key help leaves out.
    @Test(arguments: ChartTab.registered + [.notes])
    func everyKeyOfATabIsInItsHelp(_ tab: ChartTab) {
        let state = tab.emptyState()
        for binding in state.bindings(isFocused: true) + state.bindings(isFocused: false) {
            #expect(tab.descriptor.help.contains(binding), "\(tab.title): \(binding.label) \(binding.action)")
        }
    }
}
