import DataFHIR
import Foundation

/// One search of a sync and what it asked for: resources of `type` belonging to the patients
/// (or with the ids) in `asked`. The census search itself (`asked` nil) asks for whoever is on
/// the ward. A server that answers with more (another patient's Observations, a resource of
/// another type) had them stored silently; `admit` refuses them, each said as a problem.
struct SyncSearch: Sendable {
    var type: String
    var parameters: [URLQueryItem]
    var asked: Set<String>?

    /// `result` with the resources this search did not ask for moved to its problems.
    func admit(_ result: SearchResult) -> SearchResult {
        var admitted = result
        admitted.resources = []
        for resource in result.resources {
            if let refusal = refusal(of: resource) {
                admitted.problems.append(FHIRProblem(
                    file: "\(type) search", resourceType: resource.resourceType, resourceID: resource.id,
                    message: refusal, severity: .error, kind: .outOfScope))
            } else {
                admitted.resources.append(resource)
            }
        }
        return admitted
    }

    private func refusal(of resource: DecodedResource) -> String? {
        guard resource.resourceType == type else { return "not what the search asked for; not stored" }
        guard let asked else { return nil }
        // A patient's own record and the records it owns name the patient; shared ones (places, people) their id.
        guard asked.contains(resource.content.patientID ?? resource.id) else {
            return resource.content.patientID == nil ? "not what the search asked for; not stored"
                : "belongs to a patient this sync did not ask for; not stored"
        }
        return nil
    }
}
