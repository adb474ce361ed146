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
    /// patient is not in the record, and `DoseRecordingError.givenMeanwhile` when `check` finds
    /// the order given within its interval in the cache now, by a dose not confirmed on the form.
    @discardableResult
    public func callAsFunction(_ dose: DoseRecord, check: DoubleDoseCheck? = nil) async throws -> String {
        guard try await chart.patient(id: dose.patientID) != nil else { throw ChartLoadError.patientNotFound }
        if let check, dose.status == .completed,
           let earlier = DoseRecordingRule.earlierDose(
               ofOrder: dose.requestID, among: try await chart.medicationAdministrations(patientID: dose.patientID),
               within: check.interval, of: dose.effective, confirmed: check.confirmed) {
            throw DoseRecordingError.givenMeanwhile(earlier)
        }
        var dose = dose
        dose.encounterID = RecentEncounterRule.current(try await chart.encounters(patientID: dose.patientID))?.id
        return try await charting.record(dose)
    }
}

/// Why a dose could not be recorded, in the nurse's words.
public enum DoseRecordingError: Error, Hashable, Sendable, LocalizedError {
    /// This session has nowhere to record doses.
    case noOutbox
    /// The same order was given within its interval since the form opened (this dose): the
    /// form asks again before a second dose is stored.
    case givenMeanwhile(MedicationAdministration)

    public var errorDescription: String? {
        switch self {
        case .noOutbox: "this session cannot record doses (no outbox): restart emr normally"
        case let .givenMeanwhile(earlier): "already given meanwhile by \(earlier.performer ?? "someone not named")"
        }
    }
}

