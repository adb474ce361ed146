import CoreDomain
import Testing
@testable import SharedPresentation

@Suite struct SearchKeysTests {
    @Test func slashStartsSearchAndEachKeystrokeSearchesAgain() {
        var state = Census.state()
        #expect(state.press(.character("/")).isEmpty)
        #expect(state.patients.search.isEditing)
        let effects = state.press(.character("b"), .character("r"))
        #expect(effects == [
            .searchPatients(PatientSearch(text: "b", limit: PatientListState.pageSize)),
            .searchPatients(PatientSearch(text: "br", limit: PatientListState.pageSize)),
        ])
        #expect(state.patients.search.text == "br")
    }

    @Test func lettersTypedIntoSearchAreNotCommands() {
        var state = Census.state()
        _ = state.press(.character("/"), .character("q"), .character("L"), .character("?"), .character("j"))
        #expect(state.patients.search.text == "qL?j")
        #expect(!state.lock.isLocked)
        #expect(!state.isHelpShown)
    }

    @Test func backspaceRemovesOneCharacter() {
        var state = Census.state()
        _ = state.press(.character("/"), .character("a"), .character("b"), .backspace)
        #expect(state.patients.search.text == "a")
    }

    @Test func escapeClearsTheSearchAndShowsEveryoneAgain() {
        var state = Census.state()
        _ = state.press(.character("/"), .character("x"))
        let effects = state.press(.escape)
        #expect(state.patients.search == SearchField())
        #expect(effects == [.searchPatients(PatientSearch(text: "", limit: PatientListState.pageSize))])
    }

    @Test func enterKeepsTheFilterAndLeavesTheField() {
        var state = Census.state()
        _ = state.press(.character("/"), .character("x"), .enter)
        #expect(!state.patients.search.isEditing)
        #expect(state.patients.search.text == "x")
    }

    @Test func aSlowAnswerToAnOlderSearchIsIgnored() {
        var state = Census.state()
        _ = state.press(.character("/"), .character("a"), .character("b"))
        let stale = PatientSearch(text: "a", limit: PatientListState.pageSize)
        _ = state.update(.patientsLoaded(stale, PatientPage(entries: [Census.entry(7)], total: 1)))
        #expect(state.patients.isLoading)
        let current = PatientSearch(text: "ab", limit: PatientListState.pageSize)
        _ = state.update(.patientsLoaded(current, PatientPage(entries: [Census.entry(9)], total: 1)))
        #expect(state.patients.total == 1)
        #expect(state.patients.selectedEntry?.id == "p9")
    }

    @Test func noMatchesClearsTheChartSoNoStalePatientShows() {
        var state = Census.state()
        _ = state.press(.character("/"), .character("z"))
        _ = state.update(.patientsLoaded(PatientSearch(text: "z", limit: PatientListState.pageSize), PatientPage(entries: [], total: 0)))
        #expect(state.chart == nil)
    }
}
