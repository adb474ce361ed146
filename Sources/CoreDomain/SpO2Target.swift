import Foundation

/// A prescribed SpO2 target of 88-92% (hypercapnic respiratory failure), set or cleared for a
/// patient by a clinician: while it is in force NEWS2 scores SpO2 on Scale 2.
///
/// Kept as an Observation of the patient, so it travels through the same outbox, cache and
/// sync as the vitals: coded `SpO2TargetCode.coding` (no LOINC or SNOMED CT concept for a
/// prescribed saturation target was found; 431314004 Peripheral oxygen saturation is the
/// measurement itself and would be read as a reading), `valueRange` 88-92 % when set. Clearing
/// it is a new record with the same code, no value and `dataAbsentReason` not-applicable: the
/// set one stays true for the rounds taken while it was in force.
public struct SpO2TargetEntry: Sendable, Hashable {
    public var patientID: String
    /// True sets the 88-92% target; false clears it (Scale 1 from now on).
    public var isSet: Bool
    /// When the clinician set or cleared it: rounds from then on are scored by it.
    public var effective: Date
    /// The stay it was set during, when admitted (filled in by the use case).
    public var encounterID: String?

    public init(patientID: String, isSet: Bool, effective: Date, encounterID: String? = nil) {
        self.patientID = patientID
        self.isSet = isSet
        self.effective = effective
        self.encounterID = encounterID
    }

    /// What the banner and the confirm step say while it is set.
    public static let text = "SpO2 target 88–92%"
    /// The range's ends, in %.
    public static let low: Decimal = 88
    public static let high: Decimal = 92
}

/// The code of a prescribed SpO2 target record (see `SpO2TargetEntry`).
public enum SpO2TargetCode {
    public static let system = "urn:emr:news2"
    public static let code = "spo2-target-range"
    public static let display = "SpO2 target range"
}
