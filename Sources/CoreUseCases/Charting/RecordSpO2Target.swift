import CoreDomain

/// Sets or clears a patient's prescribed SpO2 target of 88-92% (NEWS2 Scale 2), attached to
/// the current stay as vitals are, and handed to the outbox, which returns once it is durable.
public struct RecordSpO2Target: Sendable {
    private let chart: any ChartRepository
    private let charting: any VitalsCharting

    public init(chart: any ChartRepository, charting: any VitalsCharting) {
        self.chart = chart
        self.charting = charting
    }

    /// The record's id. Throws `ChartLoadError.patientNotFound` when the patient is not in the record.
    @discardableResult
    public func callAsFunction(_ target: SpO2TargetEntry) async throws -> String {
        guard try await chart.patient(id: target.patientID) != nil else { throw ChartLoadError.patientNotFound }
        var target = target
        target.encounterID = RecentEncounterRule.current(try await chart.encounters(patientID: target.patientID))?.id
        return try await charting.recordSpO2Target(target)
    }
}
