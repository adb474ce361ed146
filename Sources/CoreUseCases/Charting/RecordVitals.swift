import CoreDomain

/// Charts a set of vital signs: the entry is attached to the patient's current stay (the
/// inpatient encounter in progress, see `RecentEncounterRule.current`) and handed to the
/// outbox, which returns only once it is durable. The form's rules (`VitalsFormValidation`)
/// have already accepted every value.
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
        guard try await chart.patient(id: entry.patientID) != nil else { throw ChartLoadError.patientNotFound }
        var entry = entry
        entry.encounterID = RecentEncounterRule.current(try await chart.encounters(patientID: entry.patientID))?.id
        return try await charting.record(entry)
    }
}
