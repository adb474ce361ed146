import CoreDomain
import CoreUseCases
import Foundation
import Testing
@testable import SharedPresentation

/// `o` on the chart sets or clears the SpO2 target of 88-92% (NEWS2 Scale 2) after a confirm
/// step that names the patient; the banner says so on every chart screen while it is set.
@Suite struct SpO2TargetKeysTests {
    private static let context = ViewContext(now: Census.now, timeZone: Charted.utc, unicode: true) { _ in "" }

    private static func screen(_ state: WorkstationState) -> String {
        guard let target = state.charting?[SpO2TargetState.self] else { return "" }
        return SpO2TargetView.content(target, width: 76, context: context).lines.map(\.plainText).joined(separator: "\n")
    }

    @Test func oAsksToSetTheTargetNamingThePatientThenEnterSavesIt() {
        var state = Charted.state(tab: .encounters)
        #expect(state.press(.character("o")).isEmpty, "nothing is saved before the confirm")
        let confirm = Self.screen(state)
        #expect(confirm.contains("Set SpO2 target 88–92% for"))
        #expect(confirm.contains("FAMILY0, Given") && confirm.contains("DOB 1950-01-01") && confirm.contains("MRN MRN0"))
        #expect(confirm.contains("Scale 2"))
        #expect(KeyHelp.bindings(for: state).compactMap(\.footer) == ["Enter save", "Esc cancel"])
        let target = SpO2TargetEntry(patientID: "p0", isSet: true, effective: state.now)
        #expect(state.press(.enter) == [.charting(SpO2TargetSave(target).effect)])
        #expect(state.notice == StatusText.saving)
        #expect(state.press(.enter).isEmpty, "a second Enter while saving saves nothing more")
    }

    @Test func escLeavesWithNothingSaved() {
        var state = Charted.state()
        #expect(state.press(.character("o"), .escape).isEmpty)
        #expect(state.charting == nil)
    }

    @Test func withTheTargetSetOClearsItAndTheBannerShowsIt() throws {
        var state = Charted.state(tab: .vitals)
        var summary = try #require(state.chart?.summary.value)
        summary.isSpO2TargetSet = true
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(SummaryState.self, summary)))).isEmpty)
        let chart = try #require(state.chart)
        let banner = BannerView.lines(for: chart, width: 78, context: Self.context).map(\.plainText).joined(separator: "\n")
        #expect(banner.contains("SpO2 target 88–92%"))
        #expect(state.press(.character("o")).isEmpty)
        #expect(Self.screen(state).contains("Clear SpO2 target 88–92% for"))
        #expect(state.press(.enter) == [.charting(SpO2TargetSave(SpO2TargetEntry(patientID: "p0", isSet: false, effective: state.now)).effect)])
    }

    /// On the MAR `r` and `x` are the dose's and `o` stays the target's: each key does one thing.
    @Test func onTheMARTheKeyOStillAsksForTheTargetAndRStillRecordsADose() throws {
        var state = Charted.state(tab: .medications)
        #expect(state.update(.chart(patientID: "p0", .loaded(ChartContent(MedicationsState.self, DoseFormFeatureTests.list())))).isEmpty)
        #expect(state.press(.character("m")).isEmpty)
        let footer = KeyHelp.bindings(for: state).compactMap(\.footer)
        #expect(footer.filter { $0 == "r record" || $0 == "o SpO2 target" }.count == 2)
        #expect(state.press(.character("o")).isEmpty)
        #expect(Self.screen(state).contains("Set SpO2 target 88–92% for"))
        #expect(state.press(.escape).isEmpty)
        #expect(state.charting == nil)
        #expect(state.press(.character("r")).isEmpty)
        #expect(state.doseForm != nil, "r opens the dose form, never the target")
    }

    @Test func beforeTheSummaryIsLoadedNothingOpens() {
        var state = Census.state()
        #expect(state.press(.enter).isEmpty)
        #expect(state.press(.character("o")).isEmpty)
        #expect(state.charting == nil)
        #expect(state.notice == StatusText.chartStillLoading(press: "o"))
    }
}
