import CoreUseCases
import SharedPresentation
import Testing

/// The Results tab's keys: choose a test, page collections by what shows, open and close a history.
@Suite struct ResultsFeatureTests {
    typealias F = ResultsFixtures
    static let design = RegionContext(width: F.designWidth, height: 16, view: F.context)

    private func press(_ state: inout ResultsState, _ key: InputKey, _ context: RegionContext = design) -> FeatureStep<ResultsDelegate> {
        state.update(.key(key), in: context)
    }

    @Test func arrowsChooseATestWithinTheWorksheet() {
        var state = F.state()
        #expect(press(&state, .down) == .none)
        #expect(state.selectedTest == 1)
        #expect(press(&state, .character("G")) == .none)
        #expect(state.selectedTest == 3)
        #expect(press(&state, .down) == .none)
        #expect(state.selectedTest == 3)
        #expect(press(&state, .character("g")) == .none)
        #expect(state.selectedTest == 0)
    }

    @Test func rightPagesToOlderCollectionsByWhatShowsAndLeftComesBack() {
        var state = F.state()
        #expect(press(&state, .right) == .none)
        #expect(state.firstColumn == 3, "three columns show at 80x24")
        #expect(press(&state, .character("l")) == .none)
        #expect(state.firstColumn == 5, "never past the oldest")
        #expect(press(&state, .left) == .none)
        #expect(press(&state, .character("h")) == .none)
        #expect(state.firstColumn == 0)
        #expect(press(&state, .left) == .tell(.backToList), "on the newest page ← goes back, as on every tab")
    }

    @Test func enterOpensTheHistoryAndEscClosesIt() {
        var state = F.state()
        #expect(press(&state, .enter) == .none)
        #expect(state.isHistoryOpen)
        #expect(press(&state, .down) == .tell(.unhandled(.down)), "the chart scrolls the history")
        #expect(press(&state, .escape) == .none, "Esc closes the history, the chart keeps the keyboard")
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
