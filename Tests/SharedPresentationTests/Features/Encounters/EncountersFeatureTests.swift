import CoreDomain
import Testing
@testable import SharedPresentation

/// The Encounters tab on its own: what each key does to its state and what it hands back.
@Suite struct EncountersFeatureTests {
    private let region = RegionContext(width: 60, height: 10, view: Census.state().layoutContext)

    private func loaded(_ count: Int) -> EncountersState {
        var state = EncountersState()
        state.receive(.loaded(Census.encounters(count, patientID: "p0")))
        return state
    }

    @Test func arrowsChooseWithinTheListAndEnterOpensTheChosenOne() {
        var state = loaded(3)
        #expect(state.updateTab(.key(.pageDown), in: region) == .none)
        #expect(state.selected == 2, "a page down stops at the last encounter")
        #expect(state.updateTab(.key(.enter), in: region) == .none)
        #expect(state.isDetailOpen)
        #expect(state.updateTab(.key(.down), in: region) == .tell(.unhandled(.down)), "the details scroll as one text")
        #expect(state.updateTab(.key(.escape), in: region) == .none)
        #expect(!state.isDetailOpen)
        #expect(state.updateTab(.key(.escape), in: region) == .tell(.unhandled(.escape)), "the chart goes back to the list")
    }

    @Test func enterOpensNothingWithoutEncounters() {
        var state = loaded(0)
        #expect(state.updateTab(.key(.enter), in: region) == .none)
        #expect(!state.isDetailOpen)
    }

    @Test func showingTheTabAgainShowsTheList() {
        var state = loaded(3)
        #expect(state.updateTab(.key(.enter), in: region) == .none)
        #expect(state.updateTab(.shown, in: region) == .none)
        #expect(!state.isDetailOpen)
    }
}
