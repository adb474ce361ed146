import Foundation
import SharedPresentation
import Testing
@testable import TerminalUI

/// Whole-screen text snapshots, reviewed by hand once and committed under Snapshots/.
/// Run with EMR_RECORD_SNAPSHOTS=1 to write them anew after an intended change, then review
/// the diff before committing.
@Suite struct WorkstationSnapshotTests {
    static let cases: [(name: String, columns: Int, rows: Int, tab: ChartTab, focus: Focus)] = [
        ("summary-80x24", 80, 24, .summary, .chart),
        ("vitals-80x24", 80, 24, .vitals, .chart),
        ("meds-80x24", 80, 24, .medications, .chart),
        ("encounters-120x40", 120, 40, .encounters, .list),
        ("summary-60x20", 60, 20, .summary, .chart),
        ("list-60x20", 60, 20, .summary, .list),
        ("too-small-30x10", 30, 10, .summary, .list),
    ]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    @Test(arguments: cases.map(\.name))
    func screenMatchesItsReviewedSnapshot(_ name: String) throws {
        let spec = try #require(Self.cases.first { $0.name == name })
        let screen = SampleChart.render(SampleChart.state(columns: spec.columns, rows: spec.rows, tab: spec.tab, focus: spec.focus))
        let text = screen.map { "|" + $0 + "|" }.joined(separator: "\n") + "\n"
        let file = Self.folder.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["EMR_RECORD_SNAPSHOTS"] == "1" {
            try Data(text.utf8).write(to: file)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(text == expected, "screen \(name) differs from Snapshots/\(name).txt")
    }
}
