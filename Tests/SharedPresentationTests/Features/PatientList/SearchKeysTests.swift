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
            .list(.search(PatientSearch(text: "b", limit: PatientListState.pageSize))),
            .list(.search(PatientSearch(text: "br", limit: PatientListState.pageSize))),
        ])
        #expect(state.patients.search.text == "br")
    }

    @Test func lettersTypedIntoSearchAreNotCommands() {
        var state = Census.state()
        #expect(state.press(.character("/"), .character("q"), .character("L"), .character("?"), .character("j")) == Census.searches(typing: "qL?j"))
        #expect(state.patients.search.text == "qL?j")
        #expect(!state.lock.isLocked)
        #expect(!state.isHelpShown)
    }

    @Test func backspaceRemovesOneCharacter() {
        var state = Census.state()
        #expect(state.press(.character("/"), .character("a"), .character("b"), .backspace) == Census.searches("a", "ab", "a"))
        #expect(state.patients.search.text == "a")
    }

    /// Ctrl-U clears what is typed, as in every other field (it was added to the text).
    @Test func ctrlUClearsWhatIsTyped() {
        var state = Census.state()
        #expect(state.press(.character("/"), .character("a"), .character("b")) == Census.searches("a", "ab"))
        #expect(state.press(.control("u")) == Census.searches(""))
        #expect(state.patients.search.text == "" && state.patients.search.isEditing)
        #expect(state.press(.control("u")).isEmpty, "nothing typed: nothing to search again")
    }

    @Test func escapeClearsTheSearchAndShowsEveryoneAgain() {
        var state = Census.state()
        #expect(state.press(.character("/"), .character("x")) == Census.searches("x"))
        let effects = state.press(.escape)
        #expect(state.patients.search == SearchField())
        #expect(effects == [.list(.search(PatientSearch(text: "", limit: PatientListState.pageSize)))])
    }

    @Test func enterKeepsTheFilterAndLeavesTheField() {
        var state = Census.state()
        #expect(state.press(.character("/"), .character("x"), .enter) == Census.searches("x"), "Enter searches nothing more")
        #expect(!state.patients.search.isEditing)
        #expect(state.patients.search.text == "x")
    }

    @Test func aSlowAnswerToAnOlderSearchIsIgnored() {
        var state = Census.state()
        #expect(state.press(.character("/"), .character("a"), .character("b")) == Census.searches(typing: "ab"))
        let stale = PatientSearch(text: "a", limit: PatientListState.pageSize)
        #expect(state.update(.list(.loaded(stale, PatientPage(entries: [Census.entry(7)], total: 1)))).isEmpty)
        #expect(state.patients.isLoading)
        let current = PatientSearch(text: "ab", limit: PatientListState.pageSize)
        #expect(state.update(.list(.loaded(current, PatientPage(entries: [Census.entry(9)], total: 1)))) == Census.opened("p9"))
        #expect(state.patients.total == 1)
        #expect(state.patients.selectedEntry?.id == "p9")
    }

    @Test func noMatchesClearsTheChartSoNoStalePatientShows() {
        var state = Census.state()
        #expect(state.press(.character("/"), .character("z")) == Census.searches("z"))
        #expect(state.update(.list(.loaded(PatientSearch(text: "z", limit: PatientListState.pageSize), PatientPage(entries: [], total: 0)))).isEmpty)
        #expect(state.chart == nil)
    }
}

/// Esc on a search keeps the patient chosen in it: the census comes back around them.
@Suite struct ClearedSearchTests {
    private static let census = (0..<30).map { Census.entry($0) }
    private static let all = PatientSearch(text: "", limit: PatientListState.pageSize)

    /// The list filtered to "Family2" (p2, p20…p29), with p23 chosen and its chart beside it.
    private func choosingInASearch() -> WorkstationState {
        var state = Census.state()
        #expect(state.press(.character("/")).isEmpty)
        #expect(state.type("Family2") == Census.searches(typing: "Family2"))
        let search = PatientSearch(text: "Family2", limit: PatientListState.pageSize)
        let matches = [Census.entry(2)] + (20..<30).map { Census.entry($0) }
        #expect(state.update(.list(.loaded(search, PatientPage(entries: matches, total: matches.count)))) == Census.opened("p2"))
        #expect(state.press(.down, .down, .down, .down) == Census.opened("p20", "p21", "p22", "p23"))
        #expect(state.patients.selectedEntry?.id == "p23")
        #expect(state.chart?.patientID == "p23")
        return state
    }

    @Test func escKeepsTheChosenPatientChosen() {
        var state = choosingInASearch()
        #expect(state.press(.escape) == [.list(.search(Self.all))])
        let effects = state.update(.list(.loaded(Self.all, PatientPage(entries: Self.census, total: 30))))
        #expect(state.patients.selectedEntry?.id == "p23")
        #expect(state.chart?.patientID == "p23")
        #expect(effects.isEmpty, "no other patient's chart is opened")
        #expect(state.patients.top + state.listVisibleRows > 23, "the row is in view")
    }

    @Test func aPatientNotInThePageGivesTheTopRowAndItsChart() {
        var state = choosingInASearch()
        #expect(state.press(.escape) == [.list(.search(Self.all))])
        let firstTen = Array(Self.census.prefix(10))
        let effects = state.update(.list(.loaded(Self.all, PatientPage(entries: firstTen, total: 30))))
        #expect(state.patients.selected == 0)
        #expect(state.chart?.patientID == "p0", "the chart follows the highlight: never another patient beside it")
        #expect(effects == Census.opened("p0"))
    }

    @Test func typingAgainForgetsWhomToKeep() {
        var state = choosingInASearch()
        #expect(state.press(.escape, .character("/"), .character("F")) == Census.searches("", "F"))
        let search = PatientSearch(text: "F", limit: PatientListState.pageSize)
        #expect(state.update(.list(.loaded(search, PatientPage(entries: Self.census, total: 30)))) == Census.opened("p0"))
        #expect(state.patients.selected == 0, "a new query starts at its top")
    }
}
