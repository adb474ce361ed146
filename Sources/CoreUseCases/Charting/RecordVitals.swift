import CoreDomain

/// Charts a set of vital signs: the entry is attached to the patient's current stay (the
/// inpatient encounter in progress, see `RecentEncounterRule.current`) and handed to the
/// outbox, which returns only once it is durable. The form's rules (`VitalsFormValidation`)
/// have already accepted every value. A complete round carries its NEWS2 (`VitalsEntry.news2`),
/// scored as the chart will score it (age, pregnancy, the SpO2 target in force then), so the
/// outbox sends the score with it.
public struct RecordVitals: Sendable {
    private let chart: any ChartRepository
    private let charting: any VitalsCharting

    public init(chart: any ChartRepository, charting: any VitalsCharting) {
        self.chart = chart
        self.charting = charting
    }

    /// The ids of the observations stored. Throws `VitalsChartingError.nothingEntered` for an empty
    /// entry and `ChartLoadError.patientNotFound` when the patient is not in the record.
    @discardableResult
    public func callAsFunction(_ entry: VitalsEntry) async throws -> [String] {
        guard !entry.isEmpty else { throw VitalsChartingError.nothingEntered }
        guard let patient = try await chart.patient(id: entry.patientID) else { throw ChartLoadError.patientNotFound }
        var entry = entry
        entry.encounterID = RecentEncounterRule.current(try await chart.encounters(patientID: entry.patientID))?.id
        let observations = try await chart.observations(patientID: entry.patientID, category: nil)
        let age = patient.birthDate.flatMap { PatientAge.years(born: $0, at: entry.effective) }
        let outcome = NEWS2Rule.score(
            VitalsReview.news2Input(entry), scale2: SpO2TargetRule.isScale2(at: entry.effective, records: SpO2TargetRule.records(observations)),
            age: age, isPregnant: NEWS2RoundBuilder.isPregnant(observations))
        entry.news2 = outcome.score.map { score in
            VitalsEntry.Score(
                total: score.total, interpretation: "\(score.risk.word) clinical risk: \(score.risk.response), \(score.monitoring) monitoring",
                method: "RCP NEWS2 (2017), SpO2 Scale \(score.scale): " + NEWS2Parameter.allCases.map { "\($0.abbreviation) \(score.points[$0] ?? 0)" }.joined(separator: ", "))
        }
        return try await charting.record(entry)
    }
}
