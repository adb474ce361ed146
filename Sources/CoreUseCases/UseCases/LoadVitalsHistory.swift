import CoreDomain
import Foundation

/// The vitals tab: one time series per vital sign, newest first, blood pressure as
/// systolic/diastolic pairs (see `VitalReadingBuilder`), values entered in error included and
/// marked; and the NEWS2 rounds among them, scored for the patient's age.
public struct LoadVitalsHistory: Sendable {
    private let chart: any ChartRepository
    private let now: @Sendable () -> Date

    public init(chart: any ChartRepository, now: @escaping @Sendable () -> Date = Date.init) {
        self.chart = chart
        self.now = now
    }

    public func callAsFunction(patientID: String) async throws -> VitalsHistory {
        // Every category: senders file consciousness and pregnancy status as exam or survey.
        let observations = try await chart.observations(patientID: patientID, category: nil)
        let age = try await chart.patient(id: patientID)?.birthDate.flatMap { PatientAge.years(born: $0, at: now()) }
        return VitalsHistory(
            series: VitalSeries.series(from: VitalReadingBuilder.history(from: observations.filter { $0.category == .vitalSigns })),
            news2: NEWS2RoundBuilder.rounds(from: observations, age: age))
    }
}
