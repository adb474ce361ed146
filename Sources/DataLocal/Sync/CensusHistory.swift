import Foundation

/// What the syncs saw of the census, sealed in the secret store: the patients on it at the
/// last sync, and for each patient ever on it (and not purged) when a sync last saw them there.
/// Every change reads and writes the map in one transaction: a chart fetched from the server
/// (outside the sync lock) and a sync or purge must not overwrite each other's times.
struct CensusHistory {
    static let censusSecret = "sync.census"
    static let lastSeenSecret = "sync.census-seen"

    let cache: EncryptedCache

    /// The census patient ids of the last sync, empty before the first.
    func census() throws(CacheError) -> [String] {
        try cache.database.withConnection { (connection) throws(CacheError) in try census(on: connection) }
    }

    func lastSeen() throws(CacheError) -> [String: TimeInterval] {
        try cache.database.withConnection { (connection) throws(CacheError) in try lastSeen(on: connection) }
    }

    func census(on connection: SQLiteConnection) throws(CacheError) -> [String] {
        try recordedCensus(on: connection) ?? []
    }

    /// The last sync's census, nil before the first: a sync that found the census empty
    /// recorded one (everyone cached is off it), a cache only ever imported did not.
    func recordedCensus(on connection: SQLiteConnection) throws(CacheError) -> [String]? {
        try read([String].self, named: Self.censusSecret, on: connection)
    }

    func lastSeen(on connection: SQLiteConnection) throws(CacheError) -> [String: TimeInterval] {
        try read([String: TimeInterval].self, named: Self.lastSeenSecret, on: connection) ?? [:]
    }

    /// Replaces the last-seen map inside the caller's transaction.
    func setLastSeen(_ seen: [String: TimeInterval], on connection: SQLiteConnection) throws(CacheError) {
        try SecretStore(cache: cache).set(try encoded(seen, on: connection), named: Self.lastSeenSecret, on: connection)
    }

    /// Marks `ids` seen at `now` without putting them on the census: a chart fetched from
    /// outside it is then kept for the retention period, and purged after.
    func noteSeen(_ ids: [String], at now: Date) throws(CacheError) {
        try cache.database.write { (connection) throws(CacheError) in
            var seen = try lastSeen(on: connection)
            for id in ids { seen[id] = now.timeIntervalSince1970 }
            try setLastSeen(seen, on: connection)
        }
    }

    /// Stores `census` as seen at `now`. Patients on the previous census the map does not
    /// know yet (a cache from before last-seen times were kept) count from `now`.
    func record(_ census: [String], at now: Date) throws(CacheError) {
        try cache.database.write { (connection) throws(CacheError) in
            var seen = try lastSeen(on: connection)
            for id in try self.census(on: connection) where seen[id] == nil { seen[id] = now.timeIntervalSince1970 }
            for id in census { seen[id] = now.timeIntervalSince1970 }
            try SecretStore(cache: cache).set(try encoded(census, on: connection), named: Self.censusSecret, on: connection)
            try setLastSeen(seen, on: connection)
        }
    }

    /// Sealed, so it opened as written: a value that does not decode is this program's bug.
    private func read<T: Decodable>(_: T.Type, named name: String, on connection: SQLiteConnection) throws(CacheError) -> T? {
        guard let data = try SecretStore(cache: cache).value(named: name, on: connection) else { return nil }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw .storage(path: connection.path, reason: "the census history does not decode")
        }
    }

    private func encoded<T: Encodable>(_ value: T, on connection: SQLiteConnection) throws(CacheError) -> Data {
        do {
            return try JSONEncoder().encode(value)
        } catch {
            throw .storage(path: connection.path, reason: "the census history does not encode")
        }
    }
}
