import DataFHIR
import Foundation

/// Everything one sync has fetched so far, each resource once.
struct FetchedResources {
    var resources: [DecodedResource] = []
    var problems: [FHIRProblem] = []
    var countByType: [String: Int] = [:]
    /// Per type, the earliest server time any of its searches began at.
    var watermarks: [String: String] = [:]
    private var keys: Set<String> = []

    func has(_ type: String, _ id: String) -> Bool { keys.contains("\(type)/\(id)") }

    mutating func add(_ result: SearchResult, type: String, watermark: Bool) {
        for resource in result.resources where keys.insert("\(resource.resourceType)/\(resource.id)").inserted {
            resources.append(resource)
            countByType[resource.resourceType, default: 0] += 1
        }
        problems += result.problems
        if watermark, let time = result.serverTime, watermarks[type].map({ time < $0 }) ?? true { watermarks[type] = time }
    }

    /// Drops the resources of every patient whose own record did not come readable: it was
    /// refused (invalid, or a null entry where it should be) and no copy is cached, or it
    /// came broken now (it may name someone else than the copy cached). Their Observations
    /// and orders were stored under no patient, or under a record that no longer holds. One
    /// problem per patient says so; returns the patients dropped.
    mutating func dropPatientsWithoutRecord(isCached: (String) throws -> Bool) rethrows -> Set<String> {
        let broken = Set(problems.filter { $0.resourceType == "Patient" && $0.severity == .error }.compactMap(\.resourceID))
        var others: [String: Int] = [:]
        for resource in resources where resource.resourceType != "Patient" {
            if let patient = resource.content.patientID { others[patient, default: 0] += 1 }
        }
        var dropped: Set<String> = []
        for (patient, count) in others.sorted(by: { $0.key < $1.key }) {
            let recorded = try has("Patient", patient) || isCached(patient)
            guard broken.contains(patient) || !recorded else { continue }
            dropped.insert(patient)
            problems.append(FHIRProblem(
                resourceType: "Patient", resourceID: patient,
                message: "the patient's own record did not come; their \(count) other resources were not stored",
                severity: .error, kind: .outOfScope))
        }
        resources.removeAll { $0.content.patientID.map(dropped.contains) ?? false }
        return dropped
    }
}
