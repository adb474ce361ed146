import CoreUseCases
@testable import SharedPresentation
import Testing

/// The Meds tab on its own, and as a nurse reaches it: `m` switches between the orders and
/// the MAR, each opening at its top; every other key is the chart's.
@Suite struct MedicationsFeatureTests {
    static let region = RegionContext(width: 60, height: 10, view: Census.state().layoutContext)

    @Test func mSwitchesBetweenOrdersAndTheMAR() {
        var meds = MedicationsState(list: .loaded(MedicationList()))
        #expect(meds.update(.key(.character("m")), in: Self.region) == .none)
        #expect(meds.isMARShown)
        #expect(meds.update(.key(.character("m")), in: Self.region) == .none)
        #expect(!meds.isMARShown)
        #expect(meds.update(.key(.down), in: Self.region) == .tell(.unhandled(.down)))
    }

    @Test func onTheChartTheMAROpensAtItsTopAndItsKeyIsListedOnlyOnTheMedsTab() {
        var state = Charted.state(tab: .medications)
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(MedicationsState.self, MedicationList())))).isEmpty)
        #expect(KeyHelp.bindings(for: state).contains(KeyHelp.medicationsTab[0]))
        state.chart?.scroll[.medications] = 3
        #expect(state.press(.character("m")).isEmpty)
        #expect(state.chart?[MedicationsState.self]?.isMARShown == true)
        #expect(state.chart?.scroll[.medications] == 0)
        #expect(state.press(.character("1")).isEmpty)
        #expect(!KeyHelp.bindings(for: state).contains(KeyHelp.medicationsTab[0]))
        #expect(state.press(.character("m")).isEmpty, "not a key elsewhere")
        #expect(state.chart?[MedicationsState.self]?.isMARShown == true)
    }
}
