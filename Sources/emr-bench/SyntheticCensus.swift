import CoreDomain
import CoreUseCases
import DataLocal
import Foundation

/// A census of any size made of copies of the demo patients: copy k of patient `x` is
/// `x~k`, with its own MRN and bed, and opens the chart of `x`. The list and search see `n`
/// distinct rows; every chart is a real demo chart.
struct SyntheticCensus: PatientDirectory {
    private let index: PatientSearchIndex

    init(copying demo: [PatientListEntry], count: Int) {
        index = PatientSearchIndex(entries: (0..<count).map { n in
            var entry = demo[n % demo.count]
            let copy = n / demo.count
            entry.patient.id += "~\(copy)"
            entry.patient.mrn = (entry.patient.mrn ?? "MRN") + "-\(copy)"
            let bed = entry.location?.bed ?? "Bed"
            entry.location?.bed = bed + "-\(copy)"
            return entry
        })
    }

    func listEntries(ward: String?) async throws -> [PatientListEntry] {
        index.page(for: PatientSearch(ward: ward, limit: .max)).entries
    }

    func wards() async throws -> [String] { index.wards }

    func search(_ search: PatientSearch) async throws -> PatientPage { index.page(for: search) }
}

/// The charts behind `SyntheticCensus`: copy `x~k` reads demo patient `x` from the cache.
struct CopiedChartRepository: ChartRepository {
    let demo: CachedChartRepository

    private func original(_ id: String) -> String { String(id.prefix { $0 != "~" }) }

    func patient(id: String) async throws -> Patient? {
        guard var patient = try await demo.patient(id: original(id)) else { return nil }
        patient.id = id
        return patient
    }

    func encounters(patientID: String) async throws -> [Encounter] { try await demo.encounters(patientID: original(patientID)) }

    func observations(patientID: String, category: Observation.Category?) async throws -> [Observation] {
        try await demo.observations(patientID: original(patientID), category: category)
    }

    func medicationRequests(patientID: String) async throws -> [MedicationRequest] {
        try await demo.medicationRequests(patientID: original(patientID))
    }

    func conditions(patientID: String) async throws -> [Condition] { try await demo.conditions(patientID: original(patientID)) }

    func allergies(patientID: String) async throws -> [AllergyIntolerance] { try await demo.allergies(patientID: original(patientID)) }

    func location(id: String) async throws -> Location? { try await demo.location(id: id) }

    func practitioner(id: String) async throws -> Practitioner? { try await demo.practitioner(id: id) }
}
