import Foundation

extension FHIRClient {
    /// The patients of a ward's census: the subjects of its in-progress Encounters, as
    /// `emr sync` finds them, without keeping anything else of the answer.
    public func wardPatientIDs(location: String) async throws(FHIRClientError) -> [String] {
        let reference = location.hasPrefix("Location/") ? location : "Location/" + location
        let result = try await search("Encounter", [URLQueryItem(name: "location", value: reference), URLQueryItem(name: "status", value: "in-progress")])
        let ids = result.resources.compactMap { resource -> String? in
            guard case .encounter(let encounter) = resource.content else { return nil }
            return encounter.patientID
        }
        return Array(Set(ids)).sorted()
    }
}
