import CoreDomain
import Testing
@testable import SharedPresentation

@Suite struct ChartKeysTests {
    /// A state with the chart of p0 focused and its summary loaded.
    static func chartState() -> WorkstationState {
        var state = Census.state()
        #expect(state.press(.enter).isEmpty, "p0's chart is beside the list already: Enter moves into it")
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(SummaryState.self, Census.summary(for: Census.entry(0)))))).isEmpty)
        return state
    }

    @Test(arguments: [InputKey.escape, .left, .character("h")])
    func backKeysReturnToTheList(_ key: InputKey) {
        var state = Self.chartState()
        #expect(state.press(key).isEmpty)
        #expect(state.focus == .list)
        #expect(state.chart?.patientID == "p0")
    }

    @Test func tabCyclesForwardAndShiftTabBackward() {
        var state = Self.chartState()
        #expect(state.press(.tab) == [.chart(patientID: "p0", .load(.encounters))])
        #expect(state.chart?.tab == .encounters)
        #expect(state.press(.backTab).isEmpty)
        #expect(state.chart?.tab == .summary)
        #expect(state.press(.backTab) == [.chart(patientID: "p0", .load(.results))])
        #expect(state.chart?.tab == .results, "back from the first tab wraps to the last")
    }

    @Test(arguments: zip(["1", "2", "3", "4", "5"] as [Character], ChartTab.registered))
    func digitsPickTabs(_ digit: Character, _ tab: ChartTab) {
        var state = Self.chartState()
        #expect(state.press(.character(digit)) == (tab == .summary ? [] : [.chart(patientID: "p0", .load(tab))]), "the summary is loaded already")
        #expect(state.chart?.tab == tab)
    }

    @Test func aTabIsLoadedOnceThenKept() {
        var state = Self.chartState()
        #expect(state.press(.character("3")) == [.chart(patientID: "p0", .load(.vitals))])
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(VitalsState.self, [])))).isEmpty)
        #expect(state.press(.character("1"), .character("3")).isEmpty)
        #expect(state.chart?[VitalsState.self]?.history == .loaded([]))
    }

    @Test func theResultsTabLoadsOnceAndHasTheKeysFirst() {
        var state = Self.chartState()
        #expect(state.press(.character("5")) == [.chart(patientID: "p0", .load(.results))])
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(ResultsState.self, ResultsFixtures.worksheet)))).isEmpty)
        state.chart?.scroll[.results] = 5
        #expect(state.press(.down, .enter).isEmpty, "choosing and opening a test reads nothing more")
        #expect(state.chart?.scroll[.results] == 0, "the history opens at its top")
        #expect(state.chart?[ResultsState.self]?.selectedTest == 1)
        #expect(state.chart?[ResultsState.self]?.isHistoryOpen == true)
        #expect(state.press(.escape).isEmpty)
        #expect(state.chart?[ResultsState.self]?.isHistoryOpen == false)
        #expect(state.focus == .chart, "Esc closes the history first")
        #expect(state.press(.right).isEmpty)
        #expect(state.chart?[ResultsState.self]?.firstColumn ?? 0 > 0)
        #expect(state.press(.character("1"), .character("5")) == [.chart(patientID: "p0", .load(.results))],
                "kept, with its place, when coming back (read again: a new look)")
        #expect(state.chart?[ResultsState.self]?.selectedTest == 1)
        #expect(state.press(.escape).isEmpty)
        #expect(state.focus == .list)
    }

    /// Coming back to Results from another tab of the same chart is a new look: it is read,
    /// audited and recorded again (its `new` marks are since the look before), the list row's
    /// `R` goes, and the place in the worksheet is kept.
    @Test func comingBackToResultsWithinTheChartIsANewLook() {
        var state = Self.chartState()
        #expect(state.press(.character("5")) == [.chart(patientID: "p0", .load(.results))])
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(ResultsState.self, ResultsFixtures.worksheet)))).isEmpty)
        #expect(state.press(.down).isEmpty)
        #expect(state.press(.character("1")).isEmpty, "another tab is no look at Results")
        state.patients.window[0].hasNewResults = true
        #expect(state.press(.character("5")) == [.chart(patientID: "p0", .load(.results))])
        #expect(state.patients.window[0].hasNewResults == false, "the row's R goes at once")
        #expect(state.chart?[ResultsState.self]?.selectedTest == 1, "the worksheet keeps its place while it is read again")
        #expect(state.press(.character("5")).isEmpty, "choosing the tab already shown is no new look")
        #expect(state.press(.character("3"), .character("1")) == [.chart(patientID: "p0", .load(.vitals))], "other tabs are read once")
    }

    /// A page of the list read before the look and answering after it (a sync's reload, racing
    /// the key) does not bring the `R` back for what was seen; a result arriving after the look
    /// does. (Online with the results listener, the row kept its `R` after Results was read.)
    @Test func aListPageReadBeforeTheLookDoesNotBringItsRBack() {
        var state = Self.chartState()
        let arrived = state.now.addingTimeInterval(-60)
        state.patients.window[0].hasNewResults = true
        state.patients.window[0].newestResultArrival = arrived
        var stale = state.patients.window
        #expect(state.press(.character("5")) == [.chart(patientID: "p0", .load(.results))])
        #expect(state.patients.window[0].hasNewResults == false)
        #expect(state.update(.list(.loaded(state.currentSearch, PatientPage(entries: stale, total: state.patients.total)))).isEmpty)
        #expect(state.patients.window[0].hasNewResults == false, "read before the look: what it marks was seen")
        stale[0].newestResultArrival = state.now.addingTimeInterval(1)
        #expect(state.update(.list(.loaded(state.currentSearch, PatientPage(entries: stale, total: state.patients.total)))).isEmpty)
        #expect(state.patients.window[0].hasNewResults == true, "a result arrived after the look is new")
    }

    @Test func tabKeysWorkFromTheListToo() {
        var state = Census.state()
        #expect(state.press(.character("2")) == [.chart(patientID: "p0", .load(.encounters))])
        #expect(state.focus == .list)
    }

    @Test func switchingPatientKeepsTheTabAndLoadsItForTheNewPatient() {
        var state = Census.state()
        #expect(state.press(.character("3")) == [.chart(patientID: "p0", .load(.vitals))])
        let effects = state.press(.down)
        #expect(effects == Census.opened("p1") + [.chart(patientID: "p1", .load(.vitals))])
        #expect(state.chart?.tab == .vitals)
    }

    @Test func aLateResultForAnotherPatientNeverLandsInThisChart() {
        var state = Census.state()
        #expect(state.press(.down) == Census.opened("p1"))
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(SummaryState.self, Census.summary(for: Census.entry(0)))))).isEmpty)
        #expect(state.chart?.patientID == "p1")
        #expect(state.chart?.summary == .loading)
    }

    @Test func scrollKeysMoveTheBodyAndNeverGoNegative() {
        var state = Scrolling.longSummaryState()
        #expect(state.press(.down, .down, .character("j")).isEmpty)
        #expect(state.chart?.scroll[.summary] == 3)
        #expect(state.press(.up, .up, .up, .up, .character("k")).isEmpty)
        #expect(state.chart?.scroll[.summary] == 0)
        #expect(state.press(.pageDown).isEmpty)
        #expect(state.chart?.scroll[.summary] == state.chartBodyRows)
        #expect(state.press(.character("g")).isEmpty)
        #expect(state.chart?.scroll[.summary] == 0)
    }

    @Test func aBodyThatFitsDoesNotScroll() {
        var state = Self.chartState()
        #expect(state.press(.down, .pageDown, .end).isEmpty)
        #expect(state.chart?.scroll[.summary] == 0, "nothing below to scroll to")
    }

    @Test func encountersTabMovesAHighlightAndEnterOpensDetails() {
        var state = Self.chartState()
        #expect(state.press(.character("2")) == [.chart(patientID: "p0", .load(.encounters))])
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(EncountersState.self, Census.encounters(3, patientID: "p0"))))).isEmpty)
        #expect(state.press(.down, .down, .down).isEmpty)
        #expect(state.chart?[EncountersState.self]?.selected == 2)
        #expect(state.press(.enter).isEmpty)
        #expect(state.chart?[EncountersState.self]?.isDetailOpen == true)
        #expect(state.press(.escape).isEmpty)
        #expect(state.chart?[EncountersState.self]?.isDetailOpen == false)
        #expect(state.focus == .chart)
        #expect(state.press(.character("g")).isEmpty)
        #expect(state.chart?[EncountersState.self]?.selected == 0)
    }

    @Test func aFailedLoadShowsItsMessage() {
        var state = Self.chartState()
        #expect(state.press(.character("4")) == [.chart(patientID: "p0", .load(.medications))])
        #expect(state.update(.chart(patientID: "p0", .failed(.medications, "could not open this chart: disk full"))).isEmpty)
        #expect(state.chart?[MedicationsState.self]?.list == .failed("could not open this chart: disk full"))
        #expect(state.notice?.text == "could not open this chart: disk full")
    }
}

@Suite struct IntegrityWarningTests {
    @Test func aChartWithMissingRecordsStillShowsAndSaysSo() {
        var state = Census.state()
        let warning = "Record 7 in the cache's resource table failed its integrity check and was not shown"
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(SummaryState.self, Census.summary(for: Census.entry(0))), warning: warning))).isEmpty)
        #expect(state.chart?.summary.value != nil)
        #expect(state.notice?.text == warning)
        #expect(state.chart?.isIncomplete == true)
    }
}
