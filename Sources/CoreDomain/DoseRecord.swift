import Foundation

/// One dose a nurse recorded at this workstation against an order: given, not given or held,
/// already checked by the recording rules (wristband, window, double dose, allergy). Whoever
/// stores or sends it writes it as it is (a FHIR R4 MedicationAdministration).
public struct DoseRecord: Hashable, Sendable {
    /// What the nurse recorded: `completed`, `notDone` or `onHold` (the only three a nurse
    /// records here; the others come from other systems).
    public var status: MedicationAdministration.Status
    public var patientID: String
    /// The patient's current stay, when admitted (`context`).
    public var encounterID: String?
    /// The order the dose belongs to (`request`).
    public var requestID: String
    /// The order's medication, as the order codes it.
    public var medication: CodedConcept
    public var effective: Date
    /// Why it was not given or held (`statusReason`); nil for a dose given.
    public var reason: String?
    /// The dose and route given (prefilled from the order, as the nurse confirmed them).
    public var dose: Quantity?
    public var route: CodedConcept?
    /// Why an as-needed dose was given (`reasonCode`), as the nurse typed it: `pain 7/10`.
    public var indication: String?
    /// What the nurse answered on the way (a late dose's reason, an allergy override's
    /// reason, a second dose confirmed), each a line of the record's `note`.
    public var notes: [String]

    public init(
        status: MedicationAdministration.Status, patientID: String, encounterID: String? = nil, requestID: String,
        medication: CodedConcept, effective: Date, reason: String? = nil, dose: Quantity? = nil, route: CodedConcept? = nil,
        notes: [String] = [], indication: String? = nil
    ) {
        self.indication = indication
        self.status = status
        self.patientID = patientID
        self.encounterID = encounterID
        self.requestID = requestID
        self.medication = medication
        self.effective = effective
        self.reason = reason
        self.dose = dose
        self.route = route
        self.notes = notes
    }
}
