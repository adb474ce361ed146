import CoreDomain

/// The vitals tab: one time series per vital sign, newest first, blood pressure as
/// systolic/diastolic pairs (see `VitalReadingBuilder`), values entered in error included and marked.
public struct LoadVitalsHistory: Sendable {
    private let chart: any ChartRepository

    public init(chart: any ChartRepository) {
        self.chart = chart
    }

    public func callAsFunction(patientID: String) async throws -> [VitalSeries] {
        let observations = try await chart.observations(patientID: patientID, category: .vitalSigns)
        return VitalSeries.series(from: VitalReadingBuilder.history(from: observations))
    }
}
