import Foundation
import CoreDomain

/// Records a dose the form has checked: attached to the patient's current stay (as vital signs
/// are, `RecentEncounterRule.current`) and handed to the outbox, which returns once it is durable.
public struct RecordDose: Sendable {
    private let chart: any ChartRepository
    private let charting: any DoseCharting

    public init(chart: any ChartRepository, charting: any DoseCharting) {
        self.chart = chart
        self.charting = charting
    }

    /// The new MedicationAdministration's id. Throws `ChartLoadError.patientNotFound` when the
    /// patient is not in the record.
    @discardableResult
    public func callAsFunction(_ dose: DoseRecord) async throws -> String {
        guard try await chart.patient(id: dose.patientID) != nil else { throw ChartLoadError.patientNotFound }
        var dose = dose
        dose.encounterID = RecentEncounterRule.current(try await chart.encounters(patientID: dose.patientID))?.id
        return try await charting.record(dose)
    }
}

/// Why a dose could not be recorded, in the nurse's words.
public enum DoseRecordingError: Error, Hashable, Sendable, LocalizedError {
    /// This session has nowhere to record doses.
    case noOutbox

    public var errorDescription: String? {
        "this session cannot record doses (no outbox): restart emr normally"
    }
}

