/// One row of the patient list: enough to show and search the census without opening charts.
public struct PatientListEntry: Hashable, Sendable, Identifiable {
    public var id: String { patient.id }
    public var patient: Patient
    public var location: BedLocation?
    public var hasSevereAllergy: Bool
    public var hasAbnormalVital: Bool

    public init(patient: Patient, location: BedLocation? = nil, hasSevereAllergy: Bool = false, hasAbnormalVital: Bool = false) {
        self.patient = patient
        self.location = location
        self.hasSevereAllergy = hasSevereAllergy
        self.hasAbnormalVital = hasAbnormalVital
    }
}
