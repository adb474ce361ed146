import Foundation

/// A dose given, not given or held, or an infusion started, changed, paused or stopped, as a
/// nurse records it against an order (FHIR R4 MedicationAdministration): what the MAR shows
/// beside each scheduled dose and in its infusions.
public struct MedicationAdministration: Hashable, Sendable, Identifiable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Given (FHIR `completed`).
        case completed
        /// Not given, with a reason (FHIR `not-done`).
        case notDone
        /// Held, with a reason (FHIR `on-hold`).
        case onHold
        case inProgress, stopped, enteredInError, unknown
    }

    public var id: String
    public var patientID: String
    /// The order the dose was given for.
    public var requestID: String?
    public var status: Status
    /// When it was given (or decided not to be).
    public var effective: Date
    public var performer: String?
    /// Why it was not given or held (`statusReason`).
    public var reason: String?
    public var dose: Quantity?
    /// Why an as-needed dose was given (`reasonCode`): `pain 7/10`.
    public var indication: String?
    /// The scheduled dose the record says it is for (recorded here: the 09:00 dose given late),
    /// nil when it names none (other systems): the MAR then takes the nearest one.
    public var scheduledTime: Date?
    /// The rate an infusion runs at from this record on (`dosage.rate[x]`).
    public var rate: MedicationRequest.Rate?
    /// Where a dose recorded here stands with the server: `pending` while the outbox holds it
    /// (never stored: the cache reads it from the outbox, as `Observation.delivery`).
    public var delivery: Delivery = .settled

    public init(
        id: String, patientID: String, requestID: String?, status: Status, effective: Date,
        performer: String? = nil, reason: String? = nil, dose: Quantity? = nil, indication: String? = nil,
        scheduledTime: Date? = nil, rate: MedicationRequest.Rate? = nil
    ) {
        self.scheduledTime = scheduledTime
        self.rate = rate
        self.indication = indication
        self.id = id
        self.patientID = patientID
        self.requestID = requestID
        self.status = status
        self.effective = effective
        self.performer = performer
        self.reason = reason
        self.dose = dose
    }
}
