import CoreDomain
import CoreUseCases
import DataLocal
import Foundation

/// NEWS2 over the deepest demo chart: finding and scoring every round of its observations, as
/// opening the Vitals tab does (`NEWS2RoundBuilder`). Target p99 < 20 ms, the chart-open budget.
struct NEWS2Bench {
    let chart: CachedChartRepository
    let entries: [PatientListEntry]
    var iterations = 200

    func run(into table: inout ResultTable) async throws {
        var deepest: [Observation] = []
        for entry in entries {
            let observations = try await chart.observations(patientID: entry.id, category: nil)
            if observations.count > deepest.count { deepest = observations }
        }
        var rounds = 0
        let samples = Samples.measure(iterations: iterations, warmUp: 10) { rounds = NEWS2RoundBuilder.rounds(from: deepest).count }
        table.add(ResultRow(
            metric: "NEWS2, every round of a chart", size: "deepest demo patient, \(deepest.count) obs, \(rounds) rounds",
            median: Figure.ms(samples.median), spread: "p99 \(Figure.ms(samples.p99))",
            reference: "target p99 < 20 ms", ratio: Figure.ratio(samples.p99 / 20) + " of target"))
    }
}
