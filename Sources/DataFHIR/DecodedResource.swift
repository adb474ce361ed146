import CoreDomain
import Foundation

/// One resource read from a FHIR source, ready for the cache: its identity, the JSON as
/// received, and what the workstation made of it.
public struct DecodedResource: Sendable {
    public var resourceType: String
    public var id: String
    public var versionID: String?
    public var lastUpdated: Date?
    /// The resource's own JSON object. NDJSON lines and single-resource files: the exact bytes
    /// received. Bundle entries: the exact bytes of `entry.resource`, except when the entry
    /// had no id (transaction: the `urn:uuid` becomes the id) or uses `urn:uuid:` references;
    /// then it is re-serialized with the id filled in and those references rewritten to
    /// `Type/id`, so the stored JSON reads correctly on its own.
    public var json: Data
    public var content: ClinicalResource

    public init(resourceType: String, id: String, versionID: String? = nil, lastUpdated: Date? = nil, json: Data, content: ClinicalResource) {
        self.resourceType = resourceType
        self.id = id
        self.versionID = versionID
        self.lastUpdated = lastUpdated
        self.json = json
        self.content = content
    }
}

/// The resource types the workstation reads, mapped to the domain.
public enum ClinicalResource: Sendable, Hashable {
    case patient(Patient)
    case encounter(Encounter)
    case observation(Observation)
    case medicationRequest(MedicationRequest)
    case condition(Condition)
    case allergy(AllergyIntolerance)
    case location(Location)
    case practitioner(Practitioner)
    case diagnosticReport(DiagnosticReport)
    case medicationAdministration(MedicationAdministration)
    case note(ClinicalNote)
    case procedure(Procedure)
    case immunization(Immunization)
    case carePlan(CarePlan)
    case goal(Goal)

    /// The FHIR resource type names read into a `ClinicalResource`; any other type is skipped.
    public static let resourceTypes: Set<String> = [
        "Patient", "Encounter", "Observation", "MedicationRequest", "Condition", "AllergyIntolerance", "Location", "Practitioner",
        "DiagnosticReport", "MedicationAdministration", "DocumentReference", "Procedure", "Immunization",
        "CarePlan", "Goal", "Composition",
    ]
}
