import CoreDomain
import CoreUseCases
import Foundation

/// A patient's chart read from the cache. Values come from their binary records, not the
/// FHIR JSON, and from the patient's chart bundles when they are current (one decryption
/// per record type), so a chart with thousands of observations opens fast. Records failing
/// their integrity check are skipped and listed in `EncryptedCache.integrityProblems`.
public struct CachedChartRepository: ChartRepository {
    private let cache: EncryptedCache

    public init(cache: EncryptedCache) {
        self.cache = cache
    }

    public func patient(id: String) async throws -> Patient? {
        try cache.read { (resources) throws(CacheError) in try resources.value(Patient.self, type: "Patient", id: id) }
    }

    public func encounters(patientID: String) async throws -> [Encounter] {
        try records(Encounter.self, type: "Encounter", patientID: patientID)
    }

    /// With each one's delivery: pending or failed while an outbox item carries it (one query
    /// per chart; ids are indexed only when the patient has something unsent).
    public func observations(patientID: String, category: Observation.Category?) async throws -> [Observation] {
        var all = try records(Observation.self, type: "Observation", patientID: patientID)
        if let category { all = all.filter { $0.category == category } }
        return try withDeliveries(all, type: "Observation", patientID: patientID, \.delivery)
    }

    /// `records` with each one's delivery: pending or failed while an outbox item carries it
    /// (one query per chart; ids are indexed only when the patient has something unsent).
    private func withDeliveries<T: Identifiable>(
        _ records: [T], type: String, patientID: String, _ delivery: WritableKeyPath<T, Delivery>
    ) throws(CacheError) -> [T] where T.ID == String {
        let patient = cache.sealer.patientIndex(patientID)
        let deliveries = try cache.read { (resources) throws(CacheError) in
            try OutboxTable(connection: resources.connection, sealer: resources.sealer).deliveries(patient: patient)
        }
        guard !deliveries.isEmpty else { return records }
        var records = records
        for index in records.indices {
            if let state = deliveries[cache.sealer.resourceIndex(type: type, id: records[index].id)] { records[index][keyPath: delivery] = state }
        }
        return records
    }

    public func medicationRequests(patientID: String) async throws -> [MedicationRequest] {
        try records(MedicationRequest.self, type: "MedicationRequest", patientID: patientID)
    }

    public func conditions(patientID: String) async throws -> [Condition] {
        try records(Condition.self, type: "Condition", patientID: patientID)
    }

    public func allergies(patientID: String) async throws -> [AllergyIntolerance] {
        try records(AllergyIntolerance.self, type: "AllergyIntolerance", patientID: patientID)
    }

    /// With each one's delivery, as `observations`: a dose recorded here reads pending on the MAR.
    public func medicationAdministrations(patientID: String) async throws -> [MedicationAdministration] {
        try withDeliveries(records(MedicationAdministration.self, type: "MedicationAdministration", patientID: patientID),
                           type: "MedicationAdministration", patientID: patientID, \.delivery)
    }

    public func diagnosticReports(patientID: String) async throws -> [DiagnosticReport] {
        try records(DiagnosticReport.self, type: "DiagnosticReport", patientID: patientID)
    }

    /// DocumentReferences, with each one's delivery, as `observations` (a note written here
    /// reads pending), and Compositions (documents, read as notes; never written here).
    public func notes(patientID: String) async throws -> [ClinicalNote] {
        try withDeliveries(records(ClinicalNote.self, type: "DocumentReference", patientID: patientID),
                           type: "DocumentReference", patientID: patientID, \.delivery)
            + records(ClinicalNote.self, type: "Composition", patientID: patientID)
    }

    public func procedures(patientID: String) async throws -> [Procedure] {
        try records(Procedure.self, type: "Procedure", patientID: patientID)
    }

    public func immunizations(patientID: String) async throws -> [Immunization] {
        try records(Immunization.self, type: "Immunization", patientID: patientID)
    }

    public func carePlans(patientID: String) async throws -> [CarePlan] {
        try records(CarePlan.self, type: "CarePlan", patientID: patientID)
    }

    public func goals(patientID: String) async throws -> [Goal] {
        try records(Goal.self, type: "Goal", patientID: patientID)
    }

    public func location(id: String) async throws -> Location? {
        try cache.read { (resources) throws(CacheError) in try resources.value(Location.self, type: "Location", id: id) }
    }

    public func practitioner(id: String) async throws -> Practitioner? {
        try cache.read { (resources) throws(CacheError) in try resources.value(Practitioner.self, type: "Practitioner", id: id) }
    }

    /// A patient's records of one type. The decoded value's own patient id is checked against
    /// the one asked for, on top of the sealed binding, so no record can surface in another chart.
    private func records<T: BinaryRecord & Sendable & PatientOwned>(_: T.Type, type: String, patientID: String) throws(CacheError) -> [T] {
        let patient = cache.sealer.patientIndex(patientID)
        return try cache.read { (resources) throws(CacheError) in
            var values = try ChartBundleTable(resources: resources).values(T.self, type: type, patient: patient)
            if values == nil { values = try resources.values(T.self, type: type, patient: patient) }
            let found = values ?? []
            return found.allSatisfy { $0.patientID == patientID } ? found : found.filter { $0.patientID == patientID }
        }
    }
}

/// The worksheet prepared when the patient's records last changed (`ResultsWorksheetTable`):
/// one sealed row read instead of every Observation decoded and grouped again.
extension CachedChartRepository: PreparedResultsSource {
    public func preparedResults(patientID: String) async throws -> PreparedResults? {
        let patient = cache.sealer.patientIndex(patientID)
        return try cache.read { (resources) throws(CacheError) in
            try ResultsWorksheetTable(resources: resources).prepared(patientID: patientID, patient: patient)
        }
    }
}

/// Records that belong to one patient.
protocol PatientOwned {
    var patientID: String { get }
}

extension Encounter: PatientOwned {}
extension Observation: PatientOwned {}
extension MedicationRequest: PatientOwned {}
extension Condition: PatientOwned {}
extension AllergyIntolerance: PatientOwned {}
extension DiagnosticReport: PatientOwned {}
extension MedicationAdministration: PatientOwned {}
extension ClinicalNote: PatientOwned {}
extension Procedure: PatientOwned {}
extension Immunization: PatientOwned {}
extension CarePlan: PatientOwned {}
extension Goal: PatientOwned {}
