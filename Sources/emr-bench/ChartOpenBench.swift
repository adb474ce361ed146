import CoreDomain
import CoreUseCases
import DataLocal
import Foundation

/// Metric 4: the summary tab (`LoadPatientSummary`) of the demo patient with the most
/// observations, read from the encrypted cache as a chart open does.
struct ChartOpenBench {
    let chart: CachedChartRepository
    let entries: [PatientListEntry]
    var iterations = 300

    func run(into table: inout ResultTable) async throws {
        var deepest = (id: "", observations: -1)
        for entry in entries {
            let count = try await chart.observations(patientID: entry.id, category: nil).count
            if count > deepest.observations { deepest = (entry.id, count) }
        }
        let load = LoadPatientSummary(chart: chart)
        let samples = try await Samples.measure(iterations: iterations, warmUp: 10) { _ = try await load(patientID: deepest.id) }
        table.add(ResultRow(
            metric: "chart open (summary)", size: "deepest demo patient, \(deepest.observations) obs",
            median: Figure.ms(samples.median), spread: "p99 \(Figure.ms(samples.p99))",
            reference: "target p99 < 20 ms", ratio: Figure.ratio(samples.p99 / 20) + " of target"))
    }
}
