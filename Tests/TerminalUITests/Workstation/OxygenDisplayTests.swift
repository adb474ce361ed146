import CoreDomain
import CoreUseCases
import SharedPresentation
import Testing
@testable import TerminalUI

/// SpO2 charted on high-flow with FiO2, as the Summary and the Vitals tab show it: the table's
/// cell says `O2`, the Summary and the SpO2 trend say the device, flow and FiO2, with no
/// number cut at the design size or the smallest.
@Suite struct OxygenDisplayTests {
    static let onHighFlow = VitalsEntry.Oxygen.supplemental(device: .highFlowNasal, litresPerMinute: 40, fractionPercent: 60)

    static func state(columns: Int, rows: Int, tab: ChartTab) -> WorkstationState {
        var state = SampleChart.state(columns: columns, rows: rows, tab: tab)
        let vitals = SampleChart.vitals.map { reading in
            var reading = reading
            if reading.sign == .oxygenSaturation { reading.oxygen = onHighFlow }
            return reading
        }
        var summary = SampleChart.summary
        summary.latestVitals = vitals
        #expect(state.update(.chart(patientID: "p1", .loaded(ChartContent(SummaryState.self, summary)))).isEmpty)
        #expect(state.update(.chart(patientID: "p1", .loaded(ChartContent(VitalsState.self, VitalsHistory(series: VitalSeries.series(from: vitals)))))).isEmpty)
        return state
    }

    /// Every screen from the top as `key` scrolls down, as words: on a short screen the text
    /// shows whole on one of them.
    static func pages(_ state: WorkstationState, by key: InputKey) -> [String] {
        var state = state
        ChartingScreens.press(&state, [.home])
        var pages: [String] = []
        for _ in 0..<12 {
            pages.append(ChartingRendererTests.words(SampleChart.render(state)))
            ChartingScreens.press(&state, [key])
        }
        return pages
    }

    @Test(arguments: [(80, 24), (40, 12)])
    func theSummarySaysTheDeviceFlowAndFiO2(_ columns: Int, _ rows: Int) {
        let pages = Self.pages(Self.state(columns: columns, rows: rows, tab: .summary), by: .down)
        #expect(pages.contains { $0.contains("SpO2 89 L! %") && $0.contains("SpO2 on O2 high-flow 40 L/min FiO2 60 %") }, "\(pages)")
    }

    @Test(arguments: [(80, 24), (40, 12)])
    func theVitalsTableSaysO2AndTheTrendSaysTheRest(_ columns: Int, _ rows: Int) {
        let state = Self.state(columns: columns, rows: rows, tab: .vitals)
        let table = ChartingRendererTests.words(SampleChart.render(state))
        #expect(table.contains("12:00 112 H 148/92 H 89 L! O2"), "\(table)")
        // At 40x12 the table keeps the chosen row in view and the trends above it are not reached.
        guard columns >= 80 else { return }
        #expect(table.contains("SpO2 % ▅ 89 L! on O2 high-flow 40 L/min FiO2 60 %"), "under the trend: \(table)")
    }
}
