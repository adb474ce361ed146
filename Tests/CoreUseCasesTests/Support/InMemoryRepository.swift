import CoreDomain
import CoreUseCases

/// A whole record held in arrays: the directory and chart the use cases are tested against.
struct InMemoryRepository: PatientDirectory, ChartRepository {
    var entries: [PatientListEntry] = []
    var patients: [Patient] = []
    var encounterList: [Encounter] = []
    var observationList: [Observation] = []
    var medicationList: [MedicationRequest] = []
    var conditionList: [Condition] = []
    var allergyList: [AllergyIntolerance] = []
    var reportList: [DiagnosticReport] = []
    var administrationList: [MedicationAdministration] = []
    var noteList: [ClinicalNote] = []
    var procedureList: [Procedure] = []
    var immunizationList: [Immunization] = []
    var carePlanList: [CarePlan] = []
    var goalList: [Goal] = []
    var locations: [Location] = []
    var practitioners: [Practitioner] = []

    func listEntries(ward: String?) async throws -> [PatientListEntry] {
        entries.filter { ward == nil || $0.location?.ward == ward }
    }

    func wards() async throws -> [String] {
        PatientSearchIndex(entries: entries).wards
    }

    /// Rows are made from the data at each search: always current.
    func refresh(patientID: String) async throws {}

    func search(_ search: PatientSearch) async throws -> PatientPage {
        PatientSearchIndex(entries: entries).page(for: search)
    }

    func patient(id: String) async throws -> Patient? { patients.first { $0.id == id } }
    func encounters(patientID: String) async throws -> [Encounter] { encounterList.filter { $0.patientID == patientID } }

    func observations(patientID: String, category: Observation.Category?) async throws -> [Observation] {
        observationList.filter { $0.patientID == patientID && (category == nil || $0.category == category) }
    }

    func medicationRequests(patientID: String) async throws -> [MedicationRequest] { medicationList.filter { $0.patientID == patientID } }
    func conditions(patientID: String) async throws -> [Condition] { conditionList.filter { $0.patientID == patientID } }
    func allergies(patientID: String) async throws -> [AllergyIntolerance] { allergyList.filter { $0.patientID == patientID } }
    func diagnosticReports(patientID: String) async throws -> [DiagnosticReport] { reportList.filter { $0.patientID == patientID } }
    func medicationAdministrations(patientID: String) async throws -> [MedicationAdministration] {
        administrationList.filter { $0.patientID == patientID }
    }
    func notes(patientID: String) async throws -> [ClinicalNote] { noteList.filter { $0.patientID == patientID } }
    func procedures(patientID: String) async throws -> [Procedure] { procedureList.filter { $0.patientID == patientID } }
    func immunizations(patientID: String) async throws -> [Immunization] { immunizationList.filter { $0.patientID == patientID } }
    func carePlans(patientID: String) async throws -> [CarePlan] { carePlanList.filter { $0.patientID == patientID } }
    func goals(patientID: String) async throws -> [Goal] { goalList.filter { $0.patientID == patientID } }
    func location(id: String) async throws -> Location? { locations.first { $0.id == id } }
    func practitioner(id: String) async throws -> Practitioner? { practitioners.first { $0.id == id } }
}
