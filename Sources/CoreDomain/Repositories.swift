/// Where the census comes from. The encrypted cache implements it; the use cases cannot
/// tell it from any other source.
public protocol PatientDirectory: Sendable {
    /// Every row of the census (optionally one ward), in no particular order.
    func listEntries(ward: String?) async throws -> [PatientListEntry]
    /// The wards that have at least one patient, for the ward filter.
    func wards() async throws -> [String]
    /// One page of the rows matching `search`. Searching happens where the rows live, so a
    /// keystroke never copies the whole census; implementations answer with CoreUseCases'
    /// `PatientSearchIndex` so every source matches and sorts the same way.
    func search(_ search: PatientSearch) async throws -> PatientPage
}

/// One patient's record, resource type by resource type.
public protocol ChartRepository: Sendable {
    func patient(id: String) async throws -> Patient?
    func encounters(patientID: String) async throws -> [Encounter]
    func observations(patientID: String, category: Observation.Category?) async throws -> [Observation]
    func medicationRequests(patientID: String) async throws -> [MedicationRequest]
    func conditions(patientID: String) async throws -> [Condition]
    func allergies(patientID: String) async throws -> [AllergyIntolerance]
    func location(id: String) async throws -> Location?
    func practitioner(id: String) async throws -> Practitioner?
}
