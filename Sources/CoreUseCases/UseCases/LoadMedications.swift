import CoreDomain

/// The medications tab: active orders and stopped ones, separately (see `ActiveMedicationRule`),
/// with the active ones the patient is allergic to named (see `AllergyConflictRule`).
public struct LoadMedications: Sendable {
    private let chart: any ChartRepository

    public init(chart: any ChartRepository) {
        self.chart = chart
    }

    public func callAsFunction(patientID: String) async throws -> MedicationList {
        async let allergies = chart.allergies(patientID: patientID)
        var list = MedicationList(requests: try await chart.medicationRequests(patientID: patientID))
        list.allergyConflicts = AllergyConflictRule.conflicts(list.active, AllergyStatus(entries: try await allergies))
        return list
    }
}
