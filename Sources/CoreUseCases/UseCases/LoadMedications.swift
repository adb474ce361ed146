import CoreDomain

/// The medications tab: active orders and stopped ones, separately (see `ActiveMedicationRule`).
public struct LoadMedications: Sendable {
    private let chart: any ChartRepository

    public init(chart: any ChartRepository) {
        self.chart = chart
    }

    public func callAsFunction(patientID: String) async throws -> MedicationList {
        MedicationList(requests: try await chart.medicationRequests(patientID: patientID))
    }
}
