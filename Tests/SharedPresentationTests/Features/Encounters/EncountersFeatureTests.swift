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

    /// The chart's scroll keys move the choice (`selection`); Enter opens the chosen one as a
    /// text of its own, which the chart scrolls from its top.
    @Test func enterOpensTheChosenOneAndEscClosesIt() {
        var state = loaded(3)
        #expect(state.updateTab(.key(.pageDown), in: region) == .tell(.unhandled(.pageDown)), "the chart moves the choice")
        state.selection = 2
        #expect(state.selected == 2)
        #expect(state.updateTab(.key(.enter), in: region) == .tell(.newText))
        #expect(state.isDetailOpen && state.selection == nil, "the details are text, with nothing to choose")
        #expect(state.updateTab(.key(.down), in: region) == .tell(.unhandled(.down)), "the details scroll as one text")
        #expect(state.updateTab(.key(.escape), in: region) == .tell(.newText))
        #expect(!state.isDetailOpen && state.selection == 2, "back on the list, the same one chosen")
        #expect(state.updateTab(.key(.escape), in: region) == .tell(.unhandled(.escape)), "the chart goes back to the list")
    }

    /// `N` opens the chart's notes as one text in place of the list; `Esc` is back on the list.
    @Test func nOpensTheChartsNotesAndEscClosesThem() {
        var state = loaded(3)
        state.selection = 1
        #expect(state.updateTab(.key(.character("N")), in: region) == .tell(.newText))
        #expect(state.isNotesOpen && state.selection == nil, "the notes are text, with nothing to choose")
        #expect(state.updateTab(.key(.enter), in: region) == .none, "no encounter's details over the notes")
        #expect(state.updateTab(.key(.escape), in: region) == .tell(.newText))
        #expect(!state.isNotesOpen && state.selection == 1)
        #expect(state.bindings(isFocused: true) == [KeyHelp.encounterDetails, KeyHelp.chartNotes], "`?` lists it")
    }

    @Test func enterOpensNothingWithoutEncounters() {
        var state = loaded(0)
        #expect(state.updateTab(.key(.enter), in: region) == .none)
        #expect(!state.isDetailOpen)
    }

    @Test func showingTheTabAgainShowsTheList() {
        var state = loaded(3)
        #expect(state.updateTab(.key(.enter), in: region) == .tell(.newText))
        #expect(state.updateTab(.shown, in: region) == .none)
        #expect(!state.isDetailOpen)
    }
}
