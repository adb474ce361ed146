import CoreDomain
import SharedPresentation
import Testing
@testable import TerminalUI

/// The server's section draws under the census matches: its title, then each patient found,
/// indented, with the birth date whole; the cursor can sit on it.
@Suite struct ServerSearchRendererTests {
    private static func searched(mode: DataMode) -> WorkstationState {
        var state = SampleChart.state(columns: 80, rows: 24, focus: .list)
        state.session = SessionInfo(mode: mode, user: "nurse1", hasServer: mode != .demo)
        let typed = [InputKey.character("/"), .character("g"), .character("a")].flatMap { state.update(.key($0)) }
        #expect(typed == ["g", "ga"].map { .list(.search(PatientSearch(text: $0, limit: PatientListState.pageSize))) })
        let answered = state.update(.list(.loaded(
            PatientSearch(text: "ga", limit: PatientListState.pageSize), PatientPage(entries: [state.patients.window[1]], total: 1))))
        #expect(answered == [.cancel(.chartLoads), .chart(patientID: "p2", .load(.summary))], "the chart beside the list follows its only row")
        return state
    }

    @Test func foundPatientsShowUnderTheTitleWithTheCursorOnTheSection() {
        var state = Self.searched(mode: .online)
        #expect(state.update(.key(.down)).isEmpty)
        #expect(state.update(.key(.enter)) == [.list(.searchServer("ga"))])
        let found = Patient(id: "s1", name: PersonName(family: "Gallagher", given: ["Noreen"]), birthDate: PartialDate(year: 1949, month: 3, day: 7))
        #expect(state.update(.list(.serverAnswered(text: "ga", .found(RemotePatientMatches(patients: [found]))))).isEmpty)
        let list = SampleChart.render(state).map { String($0.prefix(26)) }
        #expect(list[3].contains("Garcia2"))
        #expect(list[4] == "│▸Not on census (1)      │")
        #expect(list[5].hasPrefix("│  Gal") && list[5].hasSuffix(" 1949-03-07│"), "the birth date whole: \(list)")
    }

    @Test func inTheDemoTheRowSaysTheServerIsNotThere() {
        let screen = SampleChart.render(Self.searched(mode: .demo)).joined(separator: "\n")
        #expect(screen.contains("no server in the demo"))
    }
}
