import CoreUseCases
import SharedPresentation
import Testing

/// The Results tab's keys: choose a test, page collections by what shows, open and close a history.
@Suite struct ResultsFeatureTests {
    typealias F = ResultsFixtures
    static let design = ResultsContext(width: F.designWidth, height: 16, view: F.context)

    private func press(_ state: inout ResultsState, _ key: InputKey, _ context: ResultsContext = design) -> FeatureStep<ResultsDelegate> {
        state.update(.key(key), in: context)
    }

    @Test func arrowsChooseATestWithinTheWorksheet() {
        var state = F.state()
        #expect(press(&state, .down) == .none)
        #expect(state.selectedTest == 1)
        _ = press(&state, .character("G"))
        #expect(state.selectedTest == 3)
        _ = press(&state, .down)
        #expect(state.selectedTest == 3)
        _ = press(&state, .character("g"))
        #expect(state.selectedTest == 0)
    }

    @Test func rightPagesToOlderCollectionsByWhatShowsAndLeftComesBack() {
        var state = F.state()
        _ = press(&state, .right)
        #expect(state.firstColumn == 3, "three columns show at 80x24")
        _ = press(&state, .character("l"))
        #expect(state.firstColumn == 5, "never past the oldest")
        _ = press(&state, .left)
        _ = press(&state, .character("h"))
        #expect(state.firstColumn == 0)
        #expect(press(&state, .left) == .tell(.backToList), "on the newest page ← goes back, as on every tab")
    }

    @Test func enterOpensTheHistoryAndEscClosesIt() {
        var state = F.state()
        _ = press(&state, .enter)
        #expect(state.isHistoryOpen)
        #expect(press(&state, .down) == .tell(.unhandled(.down)), "the chart scrolls the history")
        _ = press(&state, .escape)
        #expect(!state.isHistoryOpen)
        #expect(press(&state, .escape) == .tell(.backToList))
    }

    @Test func otherKeysAreTheCharts() {
        var state = F.state()
        #expect(press(&state, .character("a")) == .tell(.unhandled(.character("a"))))
    }

    @Test func nothingMovesWhileLoading() {
        var state = ResultsState()
        #expect(press(&state, .down) == .none)
        #expect(press(&state, .right) == .none)
        #expect(press(&state, .enter) == .none)
        #expect(!state.isHistoryOpen)
    }
}
