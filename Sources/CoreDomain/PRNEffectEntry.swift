import Foundation

/// One PRN dose's effect as recorded: kept as an Observation `partOf` the MedicationAdministration
/// it follows up, so it travels through the outbox, cache and sync as doses and vitals do.
public struct PRNEffectEntry: Sendable, Hashable {
    public var patientID: String
    /// The MedicationAdministration of the dose it follows up.
    public var administrationID: String
    public var effect: PRNEffect
    /// The nurse's words, if any.
    public var note: String?
    /// When the effect was assessed.
    public var effective: Date

    public init(patientID: String, administrationID: String, effect: PRNEffect, note: String?, effective: Date) {
        self.patientID = patientID
        self.administrationID = administrationID
        self.effect = effect
        self.note = note
        self.effective = effective
    }
}

/// The code of a PRN effectiveness record: no LOINC or SNOMED CT concept for "how well an as-needed
/// dose worked" was found, so a local one in the `urn:emr:` style of `SpO2TargetCode`.
public enum PRNEffectCode {
    public static let system = "urn:emr:emar"
    public static let code = "prn-effectiveness"
    public static let display = "PRN medication effectiveness"
    /// The system of the answers (`PRNEffect.rawValue`).
    public static let answerSystem = "urn:emr:emar:prn-effect"
}
