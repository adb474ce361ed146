import CoreDomain
import Testing
@testable import SharedPresentation

/// The chart on its own: each update's effects and what it tells the workstation.
@Suite struct ChartFeatureTests {
    private let context = Census.state().chartContext

    private func chart() -> ChartState {
        var chart = ChartState(listEntry: Census.entry(0))
        #expect(chart.update(.loaded(ChartContent(SummaryState.self, Census.summary(for: Census.entry(0)))), in: context) == .none)
        return chart
    }

    @Test func aTabIsAskedForTheFirstTimeItIsShown() {
        var chart = chart()
        #expect(chart.update(.key(.character("3")), in: context) == .run(.load(.vitals)))
        #expect(chart[VitalsState.self]?.history == .loading)
        #expect(chart.update(.key(.backTab), in: context) == .run(.load(.encounters)))
        #expect(chart.update(.key(.tab), in: context) == .none, "Vitals was asked for already")
        #expect(chart.tab == .vitals)
    }

    @Test func whatTheChartCannotDoItselfItTells() {
        var chart = chart()
        #expect(chart.update(.key(.escape), in: context) == .tell(.backToList))
        #expect(chart.update(.key(.character("a")), in: context) == .tell(.open(.addVitals)))
        #expect(chart.update(.key(.character("x")), in: context) == .none, "only the Vitals tab marks a round")
        #expect(chart.update(.key(.character("3")), in: context) == .run(.load(.vitals)))
        #expect(chart.update(.key(.character("x")), in: context) == .tell(.open(.correctChosenRound)))
    }

    @Test func escClosesEncounterDetailsBeforeLeaving() {
        var chart = chart()
        #expect(chart.update(.key(.character("2")), in: context) == .run(.load(.encounters)))
        #expect(chart.update(.loaded(ChartContent(EncountersState.self, Census.encounters(3, patientID: "p0"))), in: context) == .none)
        #expect(chart.update(.key(.enter), in: context) == .none)
        #expect(chart[EncountersState.self]?.isDetailOpen == true)
        #expect(chart.update(.key(.escape), in: context) == .none)
        #expect(chart[EncountersState.self]?.isDetailOpen == false)
        #expect(chart.update(.key(.escape), in: context) == .tell(.backToList))
    }

    @Test func aFailedTabSaysWhy() {
        var chart = chart()
        #expect(chart.update(.key(.character("4")), in: context) == .run(.load(.medications)))
        #expect(chart.update(.failed(.medications, "could not open this chart: disk full"), in: context) == .none)
        #expect(chart[MedicationsState.self]?.list == .failed("could not open this chart: disk full"))
    }
}
