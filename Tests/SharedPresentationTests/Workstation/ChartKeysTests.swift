import CoreDomain
import Testing
@testable import SharedPresentation

@Suite struct ChartKeysTests {
    /// A state with the chart of p0 focused and its summary loaded.
    static func chartState() -> WorkstationState {
        var state = Census.state()
        _ = state.press(.enter)
        _ = state.update(.chartLoaded(patientID: "p0", .summary(Census.summary(for: Census.entry(0)))))
        return state
    }

    @Test(arguments: [InputKey.escape, .left, .character("h")])
    func backKeysReturnToTheList(_ key: InputKey) {
        var state = Self.chartState()
        _ = state.press(key)
        #expect(state.focus == .list)
        #expect(state.chart?.patientID == "p0")
    }

    @Test func tabCyclesForwardAndShiftTabBackward() {
        var state = Self.chartState()
        #expect(state.press(.tab) == [.loadChart(patientID: "p0", .encounters)])
        #expect(state.chart?.tab == .encounters)
        #expect(state.press(.backTab).isEmpty)
        #expect(state.chart?.tab == .summary)
        #expect(state.press(.backTab) == [.loadChart(patientID: "p0", .results)])
        #expect(state.chart?.tab == .results, "back from the first tab wraps to the last")
    }

    @Test(arguments: zip(["1", "2", "3", "4", "5"] as [Character], ChartTab.allCases))
    func digitsPickTabs(_ digit: Character, _ tab: ChartTab) {
        var state = Self.chartState()
        _ = state.press(.character(digit))
        #expect(state.chart?.tab == tab)
    }

    @Test func aTabIsLoadedOnceThenKept() {
        var state = Self.chartState()
        #expect(state.press(.character("3")) == [.loadChart(patientID: "p0", .vitals)])
        _ = state.update(.chartLoaded(patientID: "p0", .vitals([])))
        #expect(state.press(.character("1"), .character("3")).isEmpty)
        #expect(state.chart?.vitals == .loaded([]))
    }

    @Test func theResultsTabLoadsOnceAndHasTheKeysFirst() {
        var state = Self.chartState()
        #expect(state.press(.character("5")) == [.loadChart(patientID: "p0", .results)])
        #expect(state.update(.chartLoaded(patientID: "p0", .results(ResultsFixtures.worksheet))).isEmpty)
        state.chart?.scroll[.results] = 5
        #expect(state.press(.down, .enter).isEmpty, "choosing and opening a test reads nothing more")
        #expect(state.chart?.scroll[.results] == 0, "the history opens at its top")
        #expect(state.chart?.results?.selectedTest == 1)
        #expect(state.chart?.results?.isHistoryOpen == true)
        #expect(state.press(.escape).isEmpty)
        #expect(state.chart?.results?.isHistoryOpen == false)
        #expect(state.focus == .chart, "Esc closes the history first")
        #expect(state.press(.right).isEmpty)
        #expect(state.chart?.results?.firstColumn ?? 0 > 0)
        #expect(state.press(.character("1"), .character("5")).isEmpty, "kept, with its place, when coming back")
        #expect(state.chart?.results?.selectedTest == 1)
        #expect(state.press(.escape).isEmpty)
        #expect(state.focus == .list)
    }

    @Test func tabKeysWorkFromTheListToo() {
        var state = Census.state()
        #expect(state.press(.character("2")) == [.loadChart(patientID: "p0", .encounters)])
        #expect(state.focus == .list)
    }

    @Test func switchingPatientKeepsTheTabAndLoadsItForTheNewPatient() {
        var state = Census.state()
        _ = state.press(.character("3"))
        let effects = state.press(.down)
        #expect(effects == [.loadChart(patientID: "p1", .summary), .loadChart(patientID: "p1", .vitals)])
        #expect(state.chart?.tab == .vitals)
    }

    @Test func aLateResultForAnotherPatientNeverLandsInThisChart() {
        var state = Census.state()
        _ = state.press(.down)
        _ = state.update(.chartLoaded(patientID: "p0", .summary(Census.summary(for: Census.entry(0)))))
        #expect(state.chart?.patientID == "p1")
        #expect(state.chart?.summary == .loading)
    }

    @Test func scrollKeysMoveTheBodyAndNeverGoNegative() {
        var state = Scrolling.longSummaryState()
        _ = state.press(.down, .down, .character("j"))
        #expect(state.chart?.scroll[.summary] == 3)
        _ = state.press(.up, .up, .up, .up, .character("k"))
        #expect(state.chart?.scroll[.summary] == 0)
        _ = state.press(.pageDown)
        #expect(state.chart?.scroll[.summary] == state.chartBodyRows)
        _ = state.press(.character("g"))
        #expect(state.chart?.scroll[.summary] == 0)
    }

    @Test func aBodyThatFitsDoesNotScroll() {
        var state = Self.chartState()
        _ = state.press(.down, .pageDown, .end)
        #expect(state.chart?.scroll[.summary] == 0, "nothing below to scroll to")
    }

    @Test func encountersTabMovesAHighlightAndEnterOpensDetails() {
        var state = Self.chartState()
        _ = state.press(.character("2"))
        _ = state.update(.chartLoaded(patientID: "p0", .encounters(Census.encounters(3, patientID: "p0"))))
        _ = state.press(.down, .down, .down)
        #expect(state.chart?.selectedEncounter == 2)
        _ = state.press(.enter)
        #expect(state.chart?.isEncounterDetailOpen == true)
        _ = state.press(.escape)
        #expect(state.chart?.isEncounterDetailOpen == false)
        #expect(state.focus == .chart)
        _ = state.press(.character("g"))
        #expect(state.chart?.selectedEncounter == 0)
    }

    @Test func aFailedLoadShowsItsMessage() {
        var state = Self.chartState()
        _ = state.press(.character("4"))
        _ = state.update(.chartFailed(patientID: "p0", .medications, "could not open this chart: disk full"))
        #expect(state.chart?.medications?.list == .failed("could not open this chart: disk full"))
        #expect(state.status == "could not open this chart: disk full")
    }
}

@Suite struct IntegrityWarningTests {
    @Test func aChartWithMissingRecordsStillShowsAndSaysSo() {
        var state = Census.state()
        let warning = "Record 7 in the cache's resource table failed its integrity check and was not shown"
        _ = state.update(.chartLoaded(patientID: "p0", .summary(Census.summary(for: Census.entry(0))), warning: warning))
        #expect(state.chart?.summary.value != nil)
        #expect(state.status == warning)
        #expect(state.chart?.isIncomplete == true)
    }
}
