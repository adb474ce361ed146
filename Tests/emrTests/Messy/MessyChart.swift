import CoreDomain
import CoreUseCases
import DataLocal
import Foundation
import SecurityKit
@testable import SharedPresentation

/// Fixtures/messy imported whole into one encrypted cache, as `emr import` stores it, and read
/// back as the 80x24 workstation draws it: a chart tab under its banner, a list row.
/// Fixtures/messy/README.md says what each file must show.
enum MessyChart {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/messy")
    /// The chart body's width at 80x24.
    static let width = 51
    /// The list's width at 80x24.
    static let listWidth = 23
    /// 2025-01-21 22:53 UTC: the day after most of the messes were recorded.
    static let context = ViewContext(now: Date(timeIntervalSince1970: 1_737_500_000), timeZone: TimeZone(identifier: "UTC")!,
                                     unicode: true) { values in String(values.map { $0 == nil ? " " : "*" }) }

    /// The whole folder in one cache, shared by the tests (imported once).
    static let imported: Result<EncryptedCache, any Error> = Result {
        let root = NSTemporaryDirectory() + "emr-messy-" + UUID().uuidString
        let cache = try EncryptedCache(database: CacheDatabase(location: CacheLocation(directory: root)), dataKey: SecretBytes(count: 32))
        for file in try files() {
            let summary = try CacheImporter(cache: cache).importFile(at: folder.appendingPathComponent(file))
            guard summary.skipped.isEmpty else { throw CacheError.storage(path: file, reason: "records skipped") }
        }
        return cache
    }

    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ndjson") }.sorted()
    }

    /// `patientID`'s list row as the directory reads it.
    static func entry(_ patientID: String) async throws -> PatientListEntry {
        let directory = try CachedPatientDirectory(cache: imported.get())
        guard let entry = try await directory.listEntries(ward: nil).first(where: { $0.id == patientID }) else {
            throw CacheError.storage(path: patientID, reason: "no list row")
        }
        return entry
    }

    /// A tab of `patientID`'s chart as loaded by the workstation, `opened` (a detail or a
    /// history opened on it), drawn in the chart pane under its banner.
    static func shown(
        _ patientID: String, _ tab: ChartTab, opened: (inout ChartState) -> Void = { _ in }
    ) async throws -> (chart: ChartState, text: [String]) {
        let repository = CachedChartRepository(cache: try imported.get())
        var chart = ChartState(listEntry: try await entry(patientID))
        // The summary at the tests' clock: its critical results are those of the 72 hours before it.
        let summary = try await LoadPatientSummary(chart: repository, now: { context.now })(patientID: patientID)
        chart.receive(ChartContent(SummaryState.self, summary))
        if tab != .summary {
            chart.markLoading(tab)
            chart.receive(try await tab.load(patientID: patientID, from: ChartSources(chart: repository)))
        }
        chart.tab = tab
        opened(&chart)
        let body = ChartBodyView.content(chart, width: width, context: context).lines
        let banner = BannerView.lines(for: chart, width: width, context: context)
        return (chart, (banner + body).map(\.plainText))
    }

    /// Every patient of the folder, by id.
    static func patientIDs() throws -> [String] {
        try files().flatMap { file in
            try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      object["resourceType"] as? String == "Patient" else { return nil }
                return object["id"] as? String
            }
        }
    }

    /// Lines as one run of words, single-spaced.
    static func words(_ lines: [String]) -> String { lines.joined(separator: " ").split(separator: " ").joined(separator: " ") }
}
