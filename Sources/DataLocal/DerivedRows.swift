import CoreDomain
import CoreUseCases
import Foundation

/// Recomputes what is derived from patients' resources, in the transaction that changed
/// them: the chart bundles of the record types that changed, the prepared Results worksheets
/// (`ResultsWorksheetTable`), then the patient-list rows (read from those bundles, so a file of
/// Patient resources does not re-read any chart).
struct DerivedRows {
    /// A patient's records of one type, changed: their chart bundle (for a bundled type) and
    /// what else derives from them are rebuilt.
    struct Bundle: Hashable {
        var patient: Data
        var type: String
    }

    /// The record types kept in chart bundles: everything that belongs to a patient except
    /// the Patient resource itself.
    static let bundledTypes: Set<String> = [
        "Encounter", "Observation", "MedicationRequest", "Condition", "AllergyIntolerance", "DiagnosticReport",
        "MedicationAdministration", "DocumentReference", "Composition", "Procedure", "Immunization", "CarePlan", "Goal",
    ]

    /// The record types whose change leaves something derived stale: the bundled ones, and the
    /// Patient (whose sex chooses the ward's ranges of the Results worksheet).
    static let derivingTypes = bundledTypes.union(ResultsWorksheetTable.sources)

    let resources: ResourceTable
    /// Where the ward's doses fall, for each row's open doses (`PatientListEntryBuilder`).
    var administrationTimes = WardAdministrationTimes()

    /// Rebuilds `bundles` and the Results worksheets of the patients whose results they may
    /// change, then the list rows of `patients` (blind indexes). A patient whose
    /// Patient resource is not stored (yet) has no list row. Returns how many were written.
    @discardableResult
    func rebuild(bundles: Set<Bundle>, patients: Set<Data>) throws(CacheError) -> Int {
        let charts = ChartBundleTable(resources: resources)
        // What the list rows need, kept from the bundles just rebuilt rather than read again.
        var encounters: [Data: [Encounter]] = [:], allergies: [Data: [AllergyIntolerance]] = [:]
        var observations: [Data: Loaded<Observation>] = [:], reports: [Data: Loaded<DiagnosticReport>] = [:]
        var requests: [Data: [MedicationRequest]] = [:], administrations: [Data: [MedicationAdministration]] = [:]
        for bundle in bundles {
            switch bundle.type {
            case "Encounter": encounters[bundle.patient] = try charts.rebuild(Encounter.self, type: bundle.type, patient: bundle.patient).values
            case "Observation": observations[bundle.patient] = try charts.rebuild(Observation.self, type: bundle.type, patient: bundle.patient)
            case "DiagnosticReport": reports[bundle.patient] = try charts.rebuild(DiagnosticReport.self, type: bundle.type, patient: bundle.patient)
            case "MedicationRequest":
                requests[bundle.patient] = try charts.rebuild(MedicationRequest.self, type: bundle.type, patient: bundle.patient).values
            case "MedicationAdministration":
                administrations[bundle.patient] = try charts.rebuild(MedicationAdministration.self, type: bundle.type, patient: bundle.patient).values
            case "Condition", "DocumentReference", "Composition", "Procedure", "Immunization", "CarePlan", "Goal":
                try charts.rebuild(type: bundle.type, patient: bundle.patient)
            case "AllergyIntolerance":
                allergies[bundle.patient] = try charts.rebuild(AllergyIntolerance.self, type: bundle.type, patient: bundle.patient).values
            default: continue
            }
        }
        let worksheets = ResultsWorksheetTable(resources: resources)
        for patient in Set(bundles.filter { ResultsWorksheetTable.sources.contains($0.type) }.map(\.patient)) {
            // Read once for the worksheet and the list row alike.
            let current: Loaded<Observation>
            if let rebuilt = observations[patient] {
                current = rebuilt
            } else {
                current = try charts.current(Observation.self, type: "Observation", patient: patient)
                observations[patient] = current
            }
            try worksheets.rebuild(patient: patient, observations: current, reports: reports[patient])
        }
        guard !patients.isEmpty else { return 0 }
        let builder = PatientListEntryBuilder(
            locations: try resources.sharedValues(Location.self, type: "Location"), administrationTimes: administrationTimes)
        let list = PatientListTable(resources: resources)
        let observationValues = observations.mapValues(\.values)
        var written = 0
        for patient in patients {
            guard let record = try resources.values(Patient.self, type: "Patient", patient: patient).first else {
                try list.remove(patient: patient)
                continue
            }
            let entry = builder.entry(
                for: record,
                encounters: try chart(Encounter.self, "Encounter", patient, rebuilt: encounters),
                allergies: try chart(AllergyIntolerance.self, "AllergyIntolerance", patient, rebuilt: allergies),
                observations: try chart(Observation.self, "Observation", patient, rebuilt: observationValues),
                requests: try chart(MedicationRequest.self, "MedicationRequest", patient, rebuilt: requests),
                administrations: try chart(MedicationAdministration.self, "MedicationAdministration", patient, rebuilt: administrations),
                // The row's open doses run from when it is built (`PatientListEntryBuilder.openDoseSpan`).
                now: Date())
            try list.store(entry, patient: patient)
            written += 1
        }
        return written
    }

    /// A patient's records of one type: as just rebuilt, else from the bundle when it is
    /// current, else from the rows.
    private func chart<T: BinaryRecord & Sendable>(
        _: T.Type, _ type: String, _ patient: Data, rebuilt: [Data: [T]]
    ) throws(CacheError) -> [T] {
        if let values = rebuilt[patient] { return values }
        return try ChartBundleTable(resources: resources).currentValues(T.self, type: type, patient: patient)
    }
}
