import CoreDomain

/// What was recorded in one encounter, for its details: the notes written in it (newest
/// first), its diagnoses, procedures and vaccines, the vital signs and results taken during
/// it, and the orders written in it. Records entered in error are left out.
public struct EncounterRecords: Hashable, Sendable {
    public var notes: [NoteItem]
    public var diagnoses: [Condition]
    public var procedures: [Procedure]
    public var immunizations: [Immunization]
    /// Vital-sign readings, newest first.
    public var vitals: [VitalReading]
    /// Laboratory results by test, as the Results tab judges them.
    public var results: [ResultTest]
    public var orders: [MedicationRequest]

    public init(
        notes: [NoteItem] = [], diagnoses: [Condition] = [], procedures: [Procedure] = [], immunizations: [Immunization] = [],
        vitals: [VitalReading] = [], results: [ResultTest] = [], orders: [MedicationRequest] = []
    ) {
        self.notes = notes
        self.diagnoses = diagnoses
        self.procedures = procedures
        self.immunizations = immunizations
        self.vitals = vitals
        self.results = results
        self.orders = orders
    }
}
