import CoreDomain
import Foundation

/// The Results tabs one user opened, kept sealed in the cache (see `ResultViewTable`). Keyed
/// by the audit actor's user name alone: the same person at another terminal has seen what
/// they saw.
public struct CachedResultViews: ResultViews {
    private let cache: EncryptedCache
    private let user: String

    public init(cache: EncryptedCache, user: String) {
        self.cache = cache
        self.user = user
    }

    public func lastViewed(patientID: String) async throws -> Date {
        try cache.read { (resources) throws(CacheError) in
            try ResultViewTable(connection: resources.connection, sealer: resources.sealer, integrity: resources.integrity).views(of: user)[patientID] ?? .distantPast
        }
    }

    public func recordViewed(patientID: String, at time: Date) async throws {
        try cache.write { (resources) throws(CacheError) in
            try ResultViewTable(connection: resources.connection, sealer: resources.sealer, integrity: resources.integrity).record(user: user, patientID: patientID, at: time)
        }
    }
}
