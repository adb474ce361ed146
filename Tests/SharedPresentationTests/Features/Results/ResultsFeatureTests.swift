import CoreUseCases
import SharedPresentation
import Testing

/// The Results tab's keys: choose a test, page collections by what shows, open and close a history.
@Suite struct ResultsFeatureTests {
    typealias F = ResultsFixtures
    static let design = RegionContext(width: F.designWidth, height: 16, view: F.context)

    private func press(_ state: inout ResultsState, _ key: InputKey, _ context: RegionContext = design) -> FeatureStep<ResultsDelegate, Never> {
        state.update(.key(key), in: context)
    }

    /// The chart's scroll keys choose a test through `selection`, over the worksheet's items.
    @Test func theChartsArrowsChooseATestWithinTheWorksheet() {
        var state = F.state()
        #expect(press(&state, .down) == .tell(.unhandled(.down)))
        let content = ResultsView.content(state, width: F.designWidth, context: F.context)
        #expect(content.items.count == 4)
        var position = ScrollPosition(offset: 0, selected: state.selection ?? -1)
        position = content.moved(position, .down, height: 16)
        #expect(position.selected == 1)
        position = content.moved(position, .bottom, height: 16)
        #expect(position.selected == 3)
        #expect(content.moved(position, .down, height: 16).selected == 3)
        state.selection = content.moved(position, .top, height: 16).selected
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
        #expect(press(&state, .left) == .none, "on the newest page ← means newer still, never back to the list")
        #expect(state.firstColumn == 0)
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
        #expect(press(&state, .down) == .tell(.unhandled(.down)), "the chart's: nothing to choose yet")
        #expect(press(&state, .right) == .none)
        #expect(press(&state, .enter) == .none)
        #expect(!state.isHistoryOpen)
    }
}
