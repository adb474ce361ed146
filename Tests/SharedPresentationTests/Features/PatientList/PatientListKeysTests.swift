import CoreDomain
import Testing
@testable import SharedPresentation

@Suite struct PatientListKeysTests {
    @Test func firstPageSelectsTheFirstPatientAndOpensItsChartInSplitView() {
        let state = Census.state()
        #expect(state.patients.selected == 0)
        #expect(state.chart?.patientID == "p0")
    }

    @Test(arguments: [InputKey.down, .character("j")])
    func downMovesAndTheChartFollows(_ key: InputKey) {
        var state = Census.state()
        let effects = state.press(key)
        #expect(state.patients.selected == 1)
        #expect(effects == Census.opened("p1"))
        #expect(state.chart?.patientID == "p1")
    }

    @Test(arguments: [InputKey.up, .character("k")])
    func upStopsAtTheTop(_ key: InputKey) {
        var state = Census.state()
        #expect(state.press(.down, .down, key, key, key) == Census.opened("p1", "p2", "p1", "p0"), "the last key, at the top, opens nothing")
        #expect(state.patients.selected == 0)
    }

    @Test func pageKeysMoveByAVisiblePageAndKeepTheSelectionOnScreen() {
        var state = Census.state(patients: 100)
        #expect(state.press(.pageDown) == Census.opened("p\(state.listVisibleRows)"))
        #expect(state.patients.selected == state.listVisibleRows)
        #expect(state.patients.selected >= state.patients.top)
        #expect(state.patients.selected < state.patients.top + state.listVisibleRows)
        #expect(state.press(.pageUp) == Census.opened("p0"))
        #expect(state.patients.selected == 0)
        #expect(state.patients.top == 0)
    }

    @Test(arguments: [(InputKey.end, InputKey.home), (.character("G"), .character("g"))])
    func endAndHomeJumpToLastAndFirst(_ keys: (InputKey, InputKey)) {
        var state = Census.state()
        #expect(state.press(keys.0) == Census.opened("p29"))
        #expect(state.patients.selected == 29)
        #expect(state.press(keys.1) == Census.opened("p0"))
        #expect(state.patients.selected == 0)
    }

    @Test func movingPastTheLoadedWindowAsksForTheNextWindow() {
        var state = WorkstationState(session: SessionInfo(mode: .demo, user: "u"), columns: 80, rows: 24, now: Census.now)
        let firstPage = (0..<PatientListState.pageSize).map { Census.entry($0) }
        #expect(state.update(.list(.loaded(state.currentSearch, PatientPage(entries: firstPage, total: 5000)))) == Census.firstOpened("p0"))
        let effects = state.press(.end)
        let lastScreenful = 5000 - state.listVisibleRows
        #expect(effects == [.list(.search(PatientSearch(offset: lastScreenful - PatientListState.pageSize / 4, limit: PatientListState.pageSize)))],
                "the last screenful and a quarter page above it; the chart follows when they arrive")
    }

    @Test(arguments: [InputKey.enter, .right, .character("l")])
    func enterMovesFocusIntoTheChart(_ key: InputKey) {
        var state = Census.state()
        #expect(state.press(.down, key) == Census.opened("p1"), "the chart beside the list is p1's already")
        #expect(state.focus == .chart)
        #expect(state.chart?.patientID == "p1")
    }

    @Test func singlePaneOpensTheChartOnlyOnEnter() {
        var state = Census.state(columns: 60, rows: 20)
        #expect(state.layout == .single)
        #expect(state.chart == nil)
        #expect(state.press(.down).isEmpty)
        #expect(state.press(.enter) == [.chart(patientID: "p1", .load(.summary))])
        #expect(state.focus == .chart)
    }

    @Test func emptyCensusHasNoChart() {
        let state = Census.state(patients: 0)
        #expect(state.chart == nil)
        #expect(!state.patients.isLoading)
    }

    /// `s`: the census again, highest NEWS2 first, the chosen patient still chosen; `s` again: by bed.
    @Test func sOrdersByNEWS2AndBackKeepingTheChosenPatient() {
        var state = Census.state()
        #expect(state.press(.down) == Census.opened("p1"))
        let chosen = state.patients.selectedEntry?.id
        let effects = state.press(.character("s"))
        #expect(effects == [.list(.search(PatientSearch(byEarlyWarning: true, limit: PatientListState.pageSize)))])
        #expect(PatientListView.title(state.patients).hasSuffix("· by NEWS2") || state.patients.isLoading)
        #expect(state.patients.selectOnArrival == .kept(patientID: chosen ?? ""))
        let back = state.press(.character("s"))
        #expect(back == Census.searches(""))
    }

    @Test func everyTabNumberWorksFromTheList() {
        var state = Census.state()
        #expect(state.press(.character("5")) == [.chart(patientID: "p0", .load(.results))])
        #expect(state.focus == .list)
    }
}
