import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

enum Scrolling {
    /// A chart whose Summary is far taller than the screen: forty active problems.
    static func longSummaryState(columns: Int = 80, rows: Int = 24) -> WorkstationState {
        var state = Census.state(columns: columns, rows: rows)
        // Beside the list p0's chart is open already; one pane at a time, Enter opens it.
        #expect(state.press(.enter) == (state.layout == .single ? Census.firstOpened("p0") : []))
        var summary = Census.summary(for: Census.entry(0))
        summary.activeProblems = (0..<40).map { n in
            ActiveProblem(condition: Condition(id: "c\(n)", patientID: "p0", code: CodedConcept(text: "Problem \(n)"), clinicalStatus: .active))
        }
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(SummaryState.self, summary)))).isEmpty)
        return state
    }

    /// The Summary's lines as the chart pane lays them out.
    static func lineCount(_ state: WorkstationState) -> Int {
        guard let chart = state.chart else { return 0 }
        return ChartBodyView.content(chart, width: state.chartBody(for: chart).width, context: state.layoutContext).lines.count
    }
}

/// Scroll offsets are kept within what is drawn, measured with the renderer's own layout.
@Suite struct ScrollingTests {
    @Test func afterTheEndTheFirstKeyBackMovesAtOnce() {
        var state = Scrolling.longSummaryState()
        let last = Scrolling.lineCount(state) - state.chartBodyRows
        #expect(last > 0)
        #expect(state.press(.character("G")).isEmpty)
        #expect(state.chart?.scroll[.summary] == last)
        #expect(state.press(.character("k")).isEmpty)
        #expect(state.chart?.scroll[.summary] == last - 1)
    }

    @Test func pagingPastTheEndAddsNothingToScrollBackThrough() {
        var state = Scrolling.longSummaryState()
        let last = Scrolling.lineCount(state) - state.chartBodyRows
        #expect(state.press(.pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown).isEmpty)
        #expect(state.chart?.scroll[.summary] == last)
        #expect(state.press(.pageUp).isEmpty)
        #expect(state.chart?.scroll[.summary] == last - state.chartBodyRows)
    }

    @Test func theSinglePanePagesByWhatItShows() {
        // 60x20, one pane: below header, border, a two-line banner and the tab bar, above the
        // border and footer, 13 rows show (the old guess said 14, so a page skipped a line).
        var state = Scrolling.longSummaryState(columns: 60, rows: 20)
        #expect(state.chartBodyRows == 20 - 1 - 1 - 2 - 2 - 1)
        #expect(state.press(.pageDown).isEmpty)
        #expect(state.chart?.scroll[.summary] == 13)
    }

    @Test func theEncounterListKeepsTheChosenOneInView() {
        var state = ChartKeysTests.chartState()
        #expect(state.press(.character("2")) == [.chart(patientID: "p0", .load(.encounters))])
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(EncountersState.self, Census.encounters(40, patientID: "p0"))))).isEmpty)
        #expect(state.press(.character("G")).isEmpty)
        #expect(state.chart?[EncountersState.self]?.selected == 39)
        let bottom = state.chart?.scroll[.encounters] ?? 0
        #expect(bottom == 40 - state.chartBodyRows, "the last encounter on the last row")
        #expect(state.press(.character("k")).isEmpty)
        #expect(state.chart?[EncountersState.self]?.selected == 38)
        #expect(state.chart?.scroll[.encounters] == bottom, "still in view: the list stays put")
        #expect(state.press(.character("g")).isEmpty)
        #expect(state.chart?.scroll[.encounters] == 0)
    }

    @Test func aShrinkingScreenKeepsTheOffsetWithinTheLines() {
        var state = Scrolling.longSummaryState()
        #expect(state.press(.character("G")).isEmpty)
        #expect(state.update(.resized(columns: 120, rows: 60)).isEmpty)
        let last = max(0, Scrolling.lineCount(state) - state.chartBodyRows)
        #expect(state.chart?.scroll[.summary] == last)
    }

    @Test func theHelpScrollsWithinItsLines() {
        var state = Census.state(columns: 80, rows: 14)
        #expect(state.press(.character("?")).isEmpty)
        let lines = state.helpLines.count
        #expect(lines > state.helpBodyRows)
        for _ in 0..<lines { #expect(state.press(.pageDown).isEmpty) }
        #expect(state.helpScroll == lines - state.helpBodyRows)
        #expect(state.press(.up).isEmpty)
        #expect(state.helpScroll == lines - state.helpBodyRows - 1)
    }
}
