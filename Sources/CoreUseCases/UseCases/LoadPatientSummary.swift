import CoreDomain

/// The summary tab of a chart: banner, allergy status, active problems, latest vitals, active
/// medications and the last three encounters, each chosen by its rule in `Rules/`.
public struct LoadPatientSummary: Sendable {
    private let chart: any ChartRepository

    public init(chart: any ChartRepository) {
        self.chart = chart
    }

    /// Throws `ChartLoadError.patientNotFound` when the patient is not in the repository.
    public func callAsFunction(patientID: String) async throws -> PatientSummary {
        async let patientResult = chart.patient(id: patientID)
        async let encountersResult = chart.encounters(patientID: patientID)
        async let allergies = chart.allergies(patientID: patientID)
        async let conditions = chart.conditions(patientID: patientID)
        async let observations = chart.observations(patientID: patientID, category: .vitalSigns)
        async let medications = chart.medicationRequests(patientID: patientID)
        guard let patient = try await patientResult else { throw ChartLoadError.patientNotFound }
        let encounters = try await encountersResult

        let current = RecentEncounterRule.current(encounters)
        let recent = RecentEncounterRule.recent(encounters)
        let items = try await EncounterItemLoader(chart: chart).items(for: recent + [current].compactMap { $0 })
        let itemsByID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

        let allergyStatus = AllergyStatus(entries: try await allergies)
        let active = MedicationList(requests: try await medications).active
        var summary = PatientSummary(
            banner: PatientBanner(patient: patient, currentEncounter: current.flatMap { itemsByID[$0.id] }),
            allergyStatus: allergyStatus,
            activeProblems: ActiveProblemRule.activeProblems(in: try await conditions),
            latestVitals: LatestVitalRule.latest(from: try await observations),
            activeMedications: active,
            recentEncounters: recent.compactMap { itemsByID[$0.id] })
        summary.allergyConflicts = AllergyConflictRule.conflicts(active, allergyStatus)
        return summary
    }
}
