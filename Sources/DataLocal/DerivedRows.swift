import CoreDomain
import CoreUseCases
import Foundation

/// Recomputes everything derived from a patient's resources — the patient-list row and the
/// chart bundles — in the transaction that changed them, reading each record type once.
struct DerivedRows {
    let resources: ResourceTable

    /// Recomputes the rows of `patients` (blind indexes). A patient whose Patient resource is
    /// not stored (yet) gets bundles but no list row. Returns how many list rows were written.
    @discardableResult
    func rebuild(_ patients: Set<Data>) throws(CacheError) -> Int {
        guard !patients.isEmpty else { return 0 }
        let builder = PatientListEntryBuilder(locations: try resources.sharedValues(Location.self, type: "Location"))
        let bundles = ChartBundleTable(resources: resources)
        let list = PatientListTable(resources: resources)
        var written = 0
        for patient in patients {
            let encounters = try bundles.rebuild(Encounter.self, type: "Encounter", patient: patient)
            let allergies = try bundles.rebuild(AllergyIntolerance.self, type: "AllergyIntolerance", patient: patient)
            let observations = try bundles.rebuild(Observation.self, type: "Observation", patient: patient)
            _ = try bundles.rebuild(MedicationRequest.self, type: "MedicationRequest", patient: patient)
            _ = try bundles.rebuild(Condition.self, type: "Condition", patient: patient)
            guard let record = try resources.values(Patient.self, type: "Patient", patient: patient).first else {
                try list.remove(patient: patient)
                continue
            }
            try list.store(builder.entry(for: record, encounters: encounters, allergies: allergies, observations: observations), patient: patient)
            written += 1
        }
        return written
    }
}
