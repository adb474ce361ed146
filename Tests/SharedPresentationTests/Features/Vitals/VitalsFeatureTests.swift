import CoreDomain
import CoreUseCases
import Testing
@testable import SharedPresentation

/// The Vitals tab on its own: what each key does to its state and what it hands back.
@Suite struct VitalsFeatureTests {
    private let region = RegionContext(width: 60, height: 10, view: Census.state().layoutContext)

    private func loaded(_ readings: [VitalReading]) -> VitalsState {
        var state = VitalsState()
        state.receive(.loaded(VitalsHistory(series: VitalSeries.series(from: readings))))
        return state
    }

    /// The chart's scroll keys choose a round through `selection`, over the table's rounds.
    @Test func theChartsArrowsChooseARoundWithinTheRounds() {
        var state = loaded(Charted.readings)
        #expect(state.updateTab(.key(.end), in: region) == .tell(.unhandled(.end)))
        let content = state.body(width: region.width, context: region.view, isIncomplete: false)
        let bottom = content.moved(ScrollPosition(offset: 0, selected: state.selection ?? -1), .bottom, height: region.height)
        #expect(bottom.selected == 1, "two rounds: the highlight stops at the last")
        state.selection = content.moved(bottom, .up, height: region.height).selected
        #expect(state.selectedRound == 0)
    }

    @Test func withoutARoundTheArrowsScrollTheTab() {
        var state = loaded([])
        #expect(state.updateTab(.key(.down), in: region) == .tell(.unhandled(.down)))
    }

    @Test func addingAndMarkingInErrorAreTheWorkstationsToOpen() {
        var state = loaded(Charted.readings)
        #expect(state.updateTab(.key(.character("a")), in: region) == .tell(.chart(.open(.addVitals))))
        #expect(state.updateTab(.key(.character("x")), in: region) == .tell(.chart(.open(.correctChosenRound))))
        #expect(state.updateTab(.key(.escape), in: region) == .tell(.unhandled(.escape)))
    }
}
