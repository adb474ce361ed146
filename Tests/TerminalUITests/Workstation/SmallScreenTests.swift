import CoreDomain
import CoreUseCases
import Foundation
import SharedPresentation
import Testing
@testable import TerminalUI

/// 40x12 with a tall banner (a look-alike patient, a name wider than the pane, two long
/// allergies): the full banner took all eight rows and showed nothing else, while `4`, `m`
/// and `r` still acted, unseen. The compact banner stands in; the tab bar and four rows show;
/// where even that does not fit, the screen says so and no key acts on the chart.
@Suite struct SmallScreenTests {
    static let lookAlike: PatientListEntry = {
        var entry = PatientListEntry(
            patient: Patient(id: "p1", mrn: "POP-100001", name: PersonName(family: "Wolfeschlegelsteinhausen-Bergerdorff", given: ["Rebecca"]),
                             birthDate: PartialDate(year: 1945, month: 4, day: 22), gender: .female),
            location: BedLocation(ward: "4W", bed: "4W-06"), hasSevereAllergy: true)
        entry.hasLookAlike = true
        return entry
    }()

    static func allergy(_ id: String, _ text: String) -> AllergyIntolerance {
        AllergyIntolerance(id: id, patientID: "p1", substance: CodedConcept(text: text), criticality: .high, clinicalStatus: .active,
                           reactions: [.init(manifestations: [CodedConcept(text: "anaphylaxis with bronchospasm")], severity: .severe)])
    }

    static func state(columns: Int = 40, rows: Int = 12) -> WorkstationState {
        var state = WorkstationState(session: SessionInfo(mode: .demo, user: "nurse1"), columns: columns, rows: rows, now: SampleChart.now)
        state.timeZone = SampleChart.utc
        // Beside the list the chart opens with the list; one pane at a time, on Enter.
        let listed = state.update(.list(.loaded(PatientSearch(limit: PatientListState.pageSize), PatientPage(entries: [lookAlike], total: 1))))
        #expect(listed + state.update(.key(.enter)) == [.chart(patientID: "p1", .load(.summary))])
        let summary = PatientSummary(
            banner: PatientBanner(patient: lookAlike.patient),
            allergyStatus: AllergyStatus(entries: [allergy("a1", "Piperacillin and tazobactam combination product"),
                                                   allergy("a2", "Latex natural rubber gloves and catheters")]),
            activeProblems: [], latestVitals: [], activeMedications: [], recentEncounters: [])
        #expect(state.update(.chart(patientID: "p1", .loaded(ChartContent(SummaryState.self, summary)))).isEmpty)
        return state
    }

    @Test func theCompactBannerLeavesTheTabBarAndFourRows() {
        let screen = SampleChart.render(Self.state())
        let text = screen.joined(separator: "\n")
        #expect(text.contains("Rebecca"), "the given name is never dropped at the edge: \(text)")
        #expect(text.contains("NAME ALERT"))
        // The name takes two lines: one is left for the rest, so the MRN gives way to the
        // date of birth, the second identifier.
        #expect(text.contains("DOB 1945-04-22"))
        #expect(text.contains("ALLERGY 2 Latex"), "the count of allergies, and the first: \(text)")
        let tabBar = screen.firstIndex { $0.contains("[1 Sum") }
        #expect(tabBar != nil, "the tab bar shows: \(text)")
        if let tabBar { #expect(screen.count - 2 - tabBar - 1 >= 4, "four rows under the tab bar") }
    }

    /// At 80x24 the same patient has the full banner: every allergy named whole.
    @Test func theFullBannerStaysWhereItFits() {
        // The chart pane's text alone, its lines joined.
        let text = SampleChart.render(Self.state(columns: 80, rows: 24)).map { $0.split(separator: "│").dropFirst().first.map(String.init) ?? "" }
            .joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(text.contains("WOLFESCHLEGELSTEINHAUSEN-BERGERDORFF, Rebecca"))
        #expect(text.contains("NAME ALERT: another patient with a similar name"))
        #expect(text.contains("MRN POP-100001") && text.contains("Latex natural rubber gloves and catheters"))
    }

    /// A name that takes three lines of 36 cells leaves the compact banner too tall for 40x12:
    /// the screen says so, nothing of the chart shows, and no key but Esc acts on it.
    @Test func aChartTooShortEvenForTheCompactBannerSaysSoAndTakesNoKey() {
        var state = Self.state()
        state.chart?.listEntry.patient.name = PersonName(family: "Wolfeschlegelsteinhausen-Bergerdorff-Ostermann", given: ["Maximiliana", "Theodora", "Konstanze"])
        state.chart?[SummaryState.self]?.summary = .failed("not read")
        let screen = SampleChart.render(state).joined(separator: "\n")
        #expect(screen.contains("too short to show this chart whole"), "\(screen)")
        #expect(!screen.contains("[1 Sum") && !screen.contains("Wolfeschlegelsteinhausen".uppercased()), "no part of the chart under the message")
        for key: InputKey in [.character("4"), .character("m"), .character("r"), .character("a"), .down, .enter] {
            var pressed = state
            #expect(pressed.update(.key(key)).isEmpty)
            #expect(pressed.chart == state.chart && pressed.charting == nil, "\(key) acted on a chart not shown")
        }
        #expect(state.update(.key(.escape)).isEmpty)
        #expect(state.focus == .list)
    }

    /// The chart that fits takes its keys.
    @Test func theChartThatFitsTakesItsKeys() {
        var state = Self.state()
        #expect(state.update(.key(.character("4"))) == [.chart(patientID: "p1", .load(.medications))])
    }
}
