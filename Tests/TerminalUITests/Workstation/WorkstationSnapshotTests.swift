import Foundation
import SharedPresentation
import Testing
@testable import TerminalUI

/// The workstation's main screens as reviewed text snapshots (see `Snapshot`).
@Suite struct WorkstationSnapshotTests {
    static let cases: [(name: String, columns: Int, rows: Int, tab: ChartTab, focus: Focus)] = [
        ("summary-80x24", 80, 24, .summary, .chart),
        ("vitals-80x24", 80, 24, .vitals, .chart),
        ("meds-80x24", 80, 24, .medications, .chart),
        ("mar-80x24", 80, 24, .medications, .chart),
        ("mar-40x12", 40, 12, .medications, .chart),
        ("ward-doses-80x24", 80, 24, .summary, .list),
        ("ward-doses-40x12", 40, 12, .summary, .list),
        ("results-80x24", 80, 24, .results, .chart),
        ("results-40x12", 40, 12, .results, .chart),
        ("results-120x40", 120, 40, .results, .chart),
        ("encounters-120x40", 120, 40, .encounters, .list),
        ("summary-60x20", 60, 20, .summary, .chart),
        ("list-60x20", 60, 20, .summary, .list),
        ("too-small-30x10", 30, 10, .summary, .list),
    ]

    @Test(arguments: cases.map(\.name))
    func screenMatchesItsReviewedSnapshot(_ name: String) throws {
        let spec = try #require(Self.cases.first { $0.name == name })
        var state = SampleChart.state(columns: spec.columns, rows: spec.rows, tab: spec.tab, focus: spec.focus)
        // The MAR, as a nurse reaches it from the Meds tab.
        if name.hasPrefix("mar-") { #expect(state.update(.key(.character("m"))).isEmpty) }
        // The ward's due list, from the patient list.
        if name.hasPrefix("ward-doses") {
            #expect(state.update(.key(.character("d"))) == [.wardDoses(.load(ward: nil))])
            #expect(state.update(.wardDoses(.loaded(SampleChart.wardDoses))).isEmpty)
        }
        let screen = SampleChart.render(state)
        try Snapshot.expectMatches(screen, name: name)
    }
}
