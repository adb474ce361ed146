import Foundation

/// What the syncs saw of the census, sealed in the secret store: the patients on it at the
/// last sync, and for each patient ever on it (and not purged) when a sync last saw them there.
struct CensusHistory {
    static let censusSecret = "sync.census"
    static let lastSeenSecret = "sync.census-seen"

    let cache: EncryptedCache

    /// The census patient ids of the last sync, empty before the first.
    func census() throws -> [String] {
        guard let data = try SecretStore(cache: cache).value(named: Self.censusSecret) else { return [] }
        return try JSONDecoder().decode([String].self, from: data)
    }

    func lastSeen() throws -> [String: TimeInterval] {
        guard let data = try SecretStore(cache: cache).value(named: Self.lastSeenSecret) else { return [:] }
        return try JSONDecoder().decode([String: TimeInterval].self, from: data)
    }

    /// Marks `ids` seen at `now` without putting them on the census: a chart fetched from
    /// outside it is then kept for the retention period, and purged after.
    func noteSeen(_ ids: [String], at now: Date) throws {
        var seen = try lastSeen()
        for id in ids { seen[id] = now.timeIntervalSince1970 }
        try SecretStore(cache: cache).set(JSONEncoder().encode(seen), named: Self.lastSeenSecret)
    }

    /// Stores `census` as seen at `now`. Patients on the previous census the map does not
    /// know yet (a cache from before last-seen times were kept) count from `now`.
    func record(_ census: [String], at now: Date) throws {
        var seen = try lastSeen()
        for id in try self.census() where seen[id] == nil { seen[id] = now.timeIntervalSince1970 }
        for id in census { seen[id] = now.timeIntervalSince1970 }
        let store = SecretStore(cache: cache)
        let encoded = (census: try JSONEncoder().encode(census), seen: try JSONEncoder().encode(seen))
        try cache.database.write { (connection) throws(CacheError) in
            try store.set(encoded.census, named: Self.censusSecret, on: connection)
            try store.set(encoded.seen, named: Self.lastSeenSecret, on: connection)
        }
    }
}
