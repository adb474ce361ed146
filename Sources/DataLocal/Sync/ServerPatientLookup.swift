import CoreDomain
import DataFHIR
import Foundation

/// The online workstation's search beyond the census: the FHIR server's Patient search, less
/// the patients the cache keeps, and a chart opened from its answer fetched into the cache.
public struct ServerPatientLookup: RemotePatientSearch {
    public var client: FHIRClient
    public var cache: EncryptedCache
    public var directory: CachedPatientDirectory

    public init(client: FHIRClient, cache: EncryptedCache, directory: CachedPatientDirectory) {
        self.client = client
        self.cache = cache
        self.directory = directory
    }

    public func search(_ query: RemotePatientQuery, limit: Int) async throws -> RemotePatientMatches {
        var matches = try await FHIRPatientSearch(client: client).search(query, limit: limit)
        matches.patients = try matches.patients.filter { try cache.storedJSON(resourceType: "Patient", id: $0.id) == nil }
        return matches
    }

    /// Stores the chart, then re-reads the list so the patient is listed (and found) from now on.
    /// Not under the sync lock: the import is one transaction of its own, and a background sync
    /// holding the lock must not make the user wait for a chart they asked for.
    public func fetchChart(patientID: String) async throws {
        guard try await CensusSync(client: client, cache: cache).fetchPatient(patientID) else { throw LookupError.gone }
        try directory.reload()
    }

    public enum LookupError: Error, LocalizedError {
        case gone

        public var errorDescription: String? { "the server no longer has this patient; search again" }
    }
}
