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

    @Test func arrowsChooseARoundWithinTheRounds() {
        var state = loaded(Charted.readings)
        #expect(state.updateTab(.key(.end), in: region) == .none)
        #expect(state.selectedRound == 1, "two rounds: the highlight stops at the last")
        #expect(state.updateTab(.key(.character("k")), in: region) == .none)
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
