/// Checks that references between resources land on resources that were actually read. A
/// reader sees one line or Bundle at a time and cannot know whether `Patient/123` exists; an
/// import can, once everything is in: an Encounter whose patient is nowhere would otherwise
/// sit unseen in the cache.
public struct ReferenceAudit: Sendable {
    private struct Link: Sendable {
        var source: ResourceKey
        var path: String
        var target: ResourceKey
    }

    private var present: Set<ResourceKey> = []
    private var links: [Link] = []

    public init() {}

    /// Records `resource` as present and its references (subject, patient, encounter, location,
    /// partOf, participant, requester) as needing a target.
    public mutating func add(_ resource: DecodedResource) {
        let source = ResourceKey(type: resource.resourceType, id: resource.id)
        present.insert(source)
        for (path, target) in resource.content.references {
            links.append(Link(source: source, path: path, target: target))
        }
    }

    /// Records a resource known to exist elsewhere (already in the cache).
    public mutating func addKnown(resourceType: String, id: String) {
        present.insert(ResourceKey(type: resourceType, id: id))
    }

    /// One warning per reference whose target was never added, in the order the references were added.
    public func unresolvedReferences() -> [FHIRProblem] {
        links.filter { !present.contains($0.target) }.map {
            FHIRProblem(
                resourceType: $0.source.type, resourceID: $0.source.id, path: $0.path,
                message: "unresolved reference \($0.target)", severity: .warning, kind: .unresolvedReference
            )
        }
    }
}

extension ClinicalResource {
    /// The references the mapping kept, by the FHIR element they came from.
    var references: [(path: String, target: ResourceKey)] {
        func keys(_ path: String, _ type: String, _ ids: [String?]) -> [(path: String, target: ResourceKey)] {
            ids.compactMap { $0.map { (path, ResourceKey(type: type, id: $0)) } }
        }
        switch self {
        case .patient, .practitioner:
            return []
        case .encounter(let encounter):
            return keys("subject", "Patient", [encounter.patientID]) + keys("location", "Location", encounter.locationIDs)
                + keys("participant", "Practitioner", [encounter.practitionerID])
        case .observation(let observation):
            return keys("subject", "Patient", [observation.patientID]) + keys("encounter", "Encounter", [observation.encounterID])
                + keys("hasMember", "Observation", observation.memberIDs)
        case .medicationRequest(let request):
            return keys("subject", "Patient", [request.patientID]) + keys("requester", "Practitioner", [request.prescriberID])
                + keys("encounter", "Encounter", [request.encounterID])
        case .condition(let condition):
            return keys("subject", "Patient", [condition.patientID]) + keys("encounter", "Encounter", [condition.encounterID])
        case .allergy(let allergy):
            return keys("patient", "Patient", [allergy.patientID])
        case .diagnosticReport(let report):
            return keys("subject", "Patient", [report.patientID]) + keys("result", "Observation", report.resultIDs)
        case .medicationAdministration(let administration):
            return keys("subject", "Patient", [administration.patientID]) + keys("request", "MedicationRequest", [administration.requestID])
        case .note(let note):
            return keys("subject", "Patient", [note.patientID]) + keys("context.encounter", "Encounter", [note.encounterID])
                + keys("author", "Practitioner", [note.authorID])
        case .procedure(let procedure):
            return keys("subject", "Patient", [procedure.patientID]) + keys("encounter", "Encounter", [procedure.encounterID])
        case .immunization(let immunization):
            return keys("patient", "Patient", [immunization.patientID]) + keys("encounter", "Encounter", [immunization.encounterID])
        case .carePlan(let plan):
            return keys("subject", "Patient", [plan.patientID])
        case .goal(let goal):
            return keys("subject", "Patient", [goal.patientID])
        case .location(let location):
            return keys("partOf", "Location", [location.partOfID])
        }
    }
}
