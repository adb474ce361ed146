import CoreDomain
import Foundation

/// Finds patients on the server by the terms typed in the list's search:
/// `Patient?name=…&identifier=…&birthdate=…`, every term required (FHIR ANDs repeated
/// parameters). One page only: the answer is for someone at the screen, who narrows the
/// search rather than pages through a hospital's patients.
public struct FHIRPatientSearch: Sendable {
    private let client: FHIRClient

    public init(client: FHIRClient) {
        self.client = client
    }

    /// Nothing is asked for an empty query, which would list every patient on the server.
    public func search(_ query: RemotePatientQuery, limit: Int) async throws(FHIRClientError) -> RemotePatientMatches {
        guard !query.isEmpty else { return RemotePatientMatches(patients: []) }
        let result = try await client.search("Patient", Self.parameters(for: query), pageSize: max(1, limit), maxPages: 1)
        let patients = result.resources.compactMap { resource -> Patient? in
            guard case .patient(let patient) = resource.content else { return nil }
            return patient
        }
        return RemotePatientMatches(patients: patients, hasMore: result.hasMorePages)
    }

    static func parameters(for query: RemotePatientQuery) -> [URLQueryItem] {
        query.names.map { URLQueryItem(name: "name", value: escaped($0)) }
            + query.identifiers.map { URLQueryItem(name: "identifier", value: escaped($0)) }
            + query.birthDates.map { URLQueryItem(name: "birthdate", value: $0.description) }
    }

    /// A typed term means itself: FHIR search would read `|` as system|value, `,` as "or" and
    /// `$` as a composite's separator, so each (and `\` itself) is escaped with a backslash.
    static func escaped(_ term: String) -> String {
        var result = ""
        for character in term {
            if "\\|,$".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
