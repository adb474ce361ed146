import Foundation

/// Small sealed values by name (tokens, settings that must not sit in plaintext). Names are
/// stored only as blind indexes.
public struct SecretStore: Sendable {
    private let cache: EncryptedCache

    public init(cache: EncryptedCache) {
        self.cache = cache
    }

    private func context(_ index: Data) -> SealContext {
        SealContext(table: "secret", column: "value", key: index)
    }

    public func value(named name: String) throws(CacheError) -> Data? {
        try cache.database.withConnection { (connection) throws(CacheError) -> Data? in try value(named: name, on: connection) }
    }

    /// `value` inside the caller's transaction, for a read-modify-write no other writer can split.
    func value(named name: String, on connection: SQLiteConnection) throws(CacheError) -> Data? {
        let index = cache.sealer.secretIndex(name)
        let query = try connection.statement("SELECT row_id, value FROM secret WHERE name_index = ?")
        try query.bind(.blob(index))
        defer { query.finish() }
        guard try query.step() else { return nil }
        return try cache.sealer.open(query.blob(1) ?? Data(), context(index), rowID: query.int64(0))
    }

    public func set(_ value: Data, named name: String) throws(CacheError) {
        try cache.database.write { (connection) throws(CacheError) in try set(value, named: name, on: connection) }
    }

    /// `set` inside the caller's transaction, so the value changes together with other rows.
    func set(_ value: Data, named name: String, on connection: SQLiteConnection) throws(CacheError) {
        let index = cache.sealer.secretIndex(name)
        let sealed = try cache.sealer.seal(value, context(index))
        try connection.statement("""
            INSERT INTO secret (name_index, value, updated_at) VALUES (?, ?, ?)
            ON CONFLICT (name_index) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
            """).bind(.blob(index), .blob(sealed), .real(Date().timeIntervalSince1970)).run()
    }

    public func remove(named name: String) throws(CacheError) {
        let index = cache.sealer.secretIndex(name)
        try cache.database.write { (connection) throws(CacheError) in
            try connection.statement("DELETE FROM secret WHERE name_index = ?").bind(.blob(index)).run()
        }
    }
}
