import CoreDomain
import DataFHIR
import Foundation

/// One file's import inside its transaction: stores each resource as it streams in, keeps
/// track of which derived rows go stale, and rebuilds them at the end.
struct ImportSession {
    private let resources: ResourceTable
    private(set) var summary: ImportSummary
    /// Patient blind indexes computed once per patient, not once per observation.
    private var patientIndexes: [String: Data] = [:]
    private var affectedPatients: Set<Data> = []
    private var staleBundles: Set<DerivedRows.Bundle> = []
    /// Locations stored new or different from the copy held (ids): a repeated, unchanged one
    /// changes no row.
    private var changedLocations: Set<String> = []
    /// Resources changed here and not yet sent (blind indexes): an incoming copy never
    /// replaces them, or a sync would undo what a nurse charted before the server has it.
    private let unsent: Set<Data>

    /// `keepUnsent`: leave resources with unsent outbox items as they are (imports and syncs);
    /// off only for the charting that queues them.
    init(resources: ResourceTable, file: String, keepUnsent: Bool = true) throws(CacheError) {
        self.resources = resources
        summary = ImportSummary(file: file)
        unsent = keepUnsent ? try OutboxTable(connection: resources.connection, sealer: resources.sealer).unsentResources() : []
    }

    mutating func add(_ resource: DecodedResource) throws(CacheError) {
        let key = resources.sealer.resourceIndex(type: resource.resourceType, id: resource.id)
        guard !unsent.contains(key) else {
            summary.keptUnsent += 1
            return
        }
        var changedLocation: String?
        if case let .location(location) = resource.content,
           try resources.value(Location.self, type: "Location", id: location.id) != location {
            changedLocation = location.id
        }
        var patient: Data?
        if let patientID = resource.content.patientID { patient = patientIndex(patientID) }
        let outcome = try resources.store(resource, key: key, patient: patient)
        if outcome.unchanged {
            summary.unchanged += 1
            // Its chart bundle is current; the list row is worked out again (its open doses
            // from now), as any import of the patient's records does.
            if let patient { affectedPatients.insert(patient) }
            return
        }
        guard outcome.stored else {
            summary.keptNewer += 1
            return
        }
        summary.importedByType[resource.resourceType, default: 0] += 1
        if let changedLocation { changedLocations.insert(changedLocation) }
        if let patient { summary.patientsWithRecords.insert(patient) }
        for owner in [patient, outcome.previousPatient].compactMap({ $0 }) {
            affectedPatients.insert(owner)
            if DerivedRows.derivingTypes.contains(resource.resourceType) {
                staleBundles.insert(DerivedRows.Bundle(patient: owner, type: resource.resourceType))
            }
        }
    }

    mutating func report(_ problem: FHIRProblem) {
        summary.problems.append(problem)
    }

    /// Rebuilds the derived rows of the patients the file touched, and the list rows whose bed
    /// label a changed location may change.
    mutating func finish() throws(CacheError) {
        if !changedLocations.isEmpty {
            let others = try PatientListTable(resources: resources).allPatients().subtracting(affectedPatients)
            affectedPatients.formUnion(try LocationDependents(resources: resources).patients(dependingOn: changedLocations, among: others))
        }
        summary.patientsUpdated = try DerivedRows(resources: resources, administrationTimes: resources.administrationTimes).rebuild(bundles: staleBundles, patients: affectedPatients)
    }

    private mutating func patientIndex(_ id: String) -> Data {
        if let known = patientIndexes[id] { return known }
        let index = resources.sealer.patientIndex(id)
        patientIndexes[id] = index
        return index
    }
}
