import Foundation

/// One dose a nurse recorded at this workstation against an order: given, not given or held,
/// or an action on an infusion, already checked by the recording rules (wristband, drug,
/// dose, window, double dose, allergy, pre-dose checks). Whoever stores or sends it writes it
/// as it is (a FHIR R4 MedicationAdministration).
public struct DoseRecord: Hashable, Sendable {
    /// What the nurse recorded: `completed`, `notDone` or `onHold` for a dose; for an infusion
    /// its action's status (`InfusionAction.status`).
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
    /// The order's dose beside the one given, so the confirm step, and the status line after
    /// it, say `given 45 g (ordered 4.5 g)` from the record itself.
    public var orderedDose: Quantity?
    public var route: CodedConcept?
    /// Why an as-needed dose was given (`reasonCode`), as the nurse typed it: `pain 7/10`.
    public var indication: String?
    /// What the nurse answered on the way (a late dose's reason, an allergy override's
    /// reason, a second dose confirmed), each a line of the record's `note`.
    public var notes: [String]
    /// Which scheduled dose this records (the 09:00 one, given late now): the MAR shows it
    /// there and nowhere else. Nil for an as-needed dose and an infusion.
    public var scheduledTime: Date?
    /// The rate an infusion runs at after this action (`dosage.rate`).
    public var rate: MedicationRequest.Rate?
    /// What this does to a continuous infusion; nil for a dose.
    public var infusionAction: InfusionAction?

    public init(
        status: MedicationAdministration.Status, patientID: String, encounterID: String? = nil, requestID: String,
        medication: CodedConcept, effective: Date, reason: String? = nil, dose: Quantity? = nil, route: CodedConcept? = nil,
        notes: [String] = [], indication: String? = nil, orderedDose: Quantity? = nil, scheduledTime: Date? = nil,
        rate: MedicationRequest.Rate? = nil, infusionAction: InfusionAction? = nil
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
        self.orderedDose = orderedDose
        self.scheduledTime = scheduledTime
        self.rate = rate
        self.infusionAction = infusionAction
    }

    /// How the audit trail names what was recorded: the infusion's action, else the dose's
    /// status (given, held, not given).
    public var auditKind: DoseAuditKind {
        if let infusionAction { return infusionAction.auditKind }
        switch status {
        case .completed: return .given
        case .onHold: return .held
        default: return .notGiven
        }
    }
}
