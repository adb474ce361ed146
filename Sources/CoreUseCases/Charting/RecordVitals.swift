import CoreDomain

/// Charts a set of vital signs: the entry is attached to the patient's current stay (the
/// inpatient encounter in progress, see `RecentEncounterRule.current`) and handed to the
/// outbox, which returns only once it is durable. The form's rules (`VitalsFormValidation`)
/// have already accepted every value. A complete round carries its NEWS2 (`VitalsEntry.news2`),
/// scored as the chart will score it (age, pregnancy, the SpO2 target in force then), so the
/// outbox sends the score with it. A patient's SpO2 target (`SpO2TargetEntry`) is charted the
/// same way.
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
        let patient = try await patient(entry.patientID)
        var entry = entry
        entry.encounterID = try await currentStay(entry.patientID)
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

    /// Sets or clears the patient's SpO2 target of 88-92%, attached to the current stay; the
    /// record's id. Throws `ChartLoadError.patientNotFound` when the patient is not in the record.
    @discardableResult
    public func callAsFunction(_ target: SpO2TargetEntry) async throws -> String {
        _ = try await patient(target.patientID)
        var target = target
        target.encounterID = try await currentStay(target.patientID)
        return try await charting.recordSpO2Target(target)
    }

    private func patient(_ id: String) async throws -> Patient {
        guard let patient = try await chart.patient(id: id) else { throw ChartLoadError.patientNotFound }
        return patient
    }

    /// The inpatient stay in progress (`RecentEncounterRule.current`), when admitted.
    private func currentStay(_ patientID: String) async throws -> String? {
        RecentEncounterRule.current(try await chart.encounters(patientID: patientID))?.id
    }
}
