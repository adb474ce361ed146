import CoreUseCases
import DataLocal
import Foundation
import SharedPresentation

/// The Results tab for the deepest record a ward sees: two years of daily labs (a basic
/// metabolic panel and a blood count every morning, each as its report), read from an
/// encrypted cache and laid out at 80x24 as opening the tab does; then the same as the
/// workstation opens it for new results (reading the user's last view, then recording this
/// one; each opening a user's first, so every result is new and `new` shows); then one `→` to
/// older collections, which lays the worksheet out again. Target p99 < 5 ms for each opening
/// (issue 34), < 20 ms for the page.
struct ResultsOpenBench {
    let options: BenchOptions
    var days = 730
    var iterations = 100

    private static let tests: [(panel: String, code: String, name: String, unit: String, low: Double, high: Double)] = [
        ("bmp", "2951-2", "Sodium [Moles/volume] in Serum or Plasma", "mmol/L", 136, 145),
        ("bmp", "2823-3", "Potassium [Moles/volume] in Serum or Plasma", "mmol/L", 3.5, 5.1),
        ("bmp", "2075-0", "Chloride [Moles/volume] in Serum or Plasma", "mmol/L", 98, 107),
        ("bmp", "1963-8", "Bicarbonate [Moles/volume] in Serum or Plasma", "mmol/L", 22, 29),
        ("bmp", "3094-0", "Urea nitrogen [Mass/volume] in Serum or Plasma", "mg/dL", 6, 20),
        ("bmp", "2160-0", "Creatinine [Mass/volume] in Serum or Plasma", "mg/dL", 0.6, 1.2),
        ("bmp", "2345-7", "Glucose [Mass/volume] in Serum or Plasma", "mg/dL", 70, 99),
        ("cbc", "718-7", "Hemoglobin [Mass/volume] in Blood", "g/dL", 12, 16),
        ("cbc", "6690-2", "Leukocytes [#/volume] in Blood by Automated count", "10*3/uL", 4, 11),
        ("cbc", "777-3", "Platelets [#/volume] in Blood by Automated count", "10*3/uL", 150, 400),
    ]

    func run(into table: inout ResultTable) async throws {
        let cache = try options.cache("results-deep", holding: record())

        let chart = CachedChartRepository(cache: cache)
        let context = ViewContext(now: Date(), unicode: true) { String(repeating: "-", count: $0.count) }
        let body = WorkstationGeometry(columns: 80, rows: 24).chartBody(bannerLines: 3)
        var state = ResultsState()
        let open = try await Samples.measure(iterations: iterations, warmUp: 5) {
            state = ResultsState()
            state.worksheet = .loaded(try await LoadResults(chart: chart)(patientID: "deep"))
            _ = ResultsView.content(state, width: body.width, context: context)
        }
        var round = 0
        let openWithViews = try await Samples.measure(iterations: iterations, warmUp: 5) {
            round += 1
            let views = CachedResultViews(cache: cache, user: "bench-\(round)")
            state = ResultsState()
            state.worksheet = .loaded(try await LoadResults(chart: chart, views: views)(patientID: "deep"))
            _ = ResultsView.content(state, width: body.width, context: context)
            try await views.recordViewed(patientID: "deep", at: Date())
        }
        let results = Self.tests.count * days
        let size = "\(days) days of daily labs, \(Figure.count(results)) results"
        for (metric, samples) in [("Results tab open (80x24)", open), ("Results tab open, all new, view recorded (80x24)", openWithViews)] {
            table.add(ResultRow(
                metric: metric, size: size, median: Figure.ms(samples.median), spread: "p99 \(Figure.ms(samples.p99))",
                reference: "target p99 < 5 ms", ratio: Figure.ratio(samples.p99 / 5) + " of target"))
        }
        let resultsContext = RegionContext(width: body.width, height: body.height, view: context)
        let page = Samples.measure(iterations: iterations, warmUp: 5) {
            var paged = state
            _ = paged.update(.key(.right), in: resultsContext)
            _ = ResultsView.content(paged, width: body.width, context: context)
        }
        table.add(ResultRow(
            metric: "Results → older page (80x24)", size: size, median: Figure.ms(page.median), spread: "p99 \(Figure.ms(page.p99))",
            reference: "target p99 < 20 ms", ratio: Figure.ratio(page.p99 / 20) + " of target"))
    }

    /// One patient, `days` mornings of both panels with their reports, as NDJSON.
    private func record() -> String {
        var lines = [#"{"resourceType":"Patient","id":"deep","name":[{"family":"Deep","given":["Labs"]}],"gender":"female","birthDate":"1950-01-01"}"#]
        let formatter = ISO8601DateFormatter()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        for day in 0..<days {
            let time = formatter.string(from: start.addingTimeInterval(Double(day) * 86_400))
            var members: [String: [String]] = [:]
            for (index, test) in Self.tests.enumerated() {
                let id = "o-\(day)-\(index)"
                members[test.panel, default: []].append(id)
                // Values wander across the range and out of it, some with float noise.
                let value = test.low + (test.high - test.low) * (0.5 + 0.7 * sin(Double(day * (index + 3)) / 17))
                lines.append(#"{"resourceType":"Observation","id":"\#(id)","status":"final","category":[{"coding":[{"system":"http://terminology.hl7.org/CodeSystem/observation-category","code":"laboratory"}]}],"code":{"coding":[{"system":"http://loinc.org","code":"\#(test.code)","display":"\#(test.name)"}]},"subject":{"reference":"Patient/deep"},"effectiveDateTime":"\#(time)","valueQuantity":{"value":\#(value),"unit":"\#(test.unit)"},"referenceRange":[{"low":{"value":\#(test.low)},"high":{"value":\#(test.high)}}]}"#)
            }
            for (panel, ids) in members.sorted(by: { $0.key < $1.key }) {
                let name = panel == "bmp" ? "Basic metabolic panel - Blood" : "CBC panel - Blood by Automated count"
                let results = ids.map { #"{"reference":"Observation/\#($0)"}"# }.joined(separator: ",")
                lines.append(#"{"resourceType":"DiagnosticReport","id":"r-\#(day)-\#(panel)","status":"final","code":{"text":"\#(name)"},"subject":{"reference":"Patient/deep"},"effectiveDateTime":"\#(time)","result":[\#(results)]}"#)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
