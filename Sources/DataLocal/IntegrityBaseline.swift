import Foundation

/// What every cache holds from its first open on, so that anything missing later was removed:
/// the sealed key check (which also tells a wrong key from tampering), a sealed manifest row for
/// each watched table (`RowManifest`) and the audit anchor beside the key (`AuditAnchor`). The
/// key check's value says the baseline is laid; before, a missing manifest row or anchor could
/// not be told from a cache made before them, and one deleted was quietly made again.
///
/// Laid once, when the cache is opened: for a new cache, and for one made before the baseline
/// (its key check says v1), from its rows and its trail as they stand then. Nothing in the
/// folder tells a baseline laid over rows already tampered with, or a whole folder put back to an
/// older copy (Sources/emr/emr.docc/Security.md).
struct IntegrityBaseline {
    let cache: EncryptedCache

    static let keyCheckName = "emr.cache.key-check"
    /// The key check of a cache made before the baseline.
    static let keyCheckBeforeBaseline = Data("emr cache key check v1".utf8)
    /// The key check of a cache whose baseline is laid.
    static let keyCheck = Data("emr cache key check v2: manifests and anchor".utf8)

    private var path: String { cache.database.location.databasePath }

    /// Refuses a key the cache was not written with, names what is missing when the key check
    /// is gone, and lays the baseline when it is not laid yet.
    func ensure() throws(CacheError) {
        switch try storedKeyCheck() {
        case Self.keyCheck?:
            return
        case Self.keyCheckBeforeBaseline?:
            try lay()
        case nil:
            guard try !hasData() else { throw try missingKeyCheck() }
            try lay()
        default:
            throw CacheError.wrongKey(path: path)
        }
    }

    /// The key check's value, nil when there is none; one that does not open is a wrong key,
    /// unless the key opens the cache's manifest (then the key check itself was altered).
    private func storedKeyCheck() throws(CacheError) -> Data? {
        do {
            return try SecretStore(cache: cache).value(named: Self.keyCheckName)
        } catch .tampered(let table, let rowID) {
            guard try keyOpensManifest() else { throw .wrongKey(path: path) }
            throw .tampered(table: table, rowID: rowID)
        }
    }

    /// The anchor first (a kill before the rest leaves it, and the next open lays the rest),
    /// then, in one durable transaction, a manifest row for each watched table that has none
    /// and the key check saying so. A second emr laying it at the same moment finds it laid.
    private func lay() throws(CacheError) {
        try AuditLog(cache: cache).layAnchor()
        let secrets = SecretStore(cache: cache)
        try cache.database.write(durably: true) { (connection) throws(CacheError) in
            guard try secrets.value(named: Self.keyCheckName, on: connection) != Self.keyCheck else { return }
            try RowManifest(sealer: cache.sealer).start(connection)
            try secrets.set(Self.keyCheck, named: Self.keyCheckName, on: connection)
        }
    }

    private func hasData() throws(CacheError) -> Bool {
        try cache.database.withConnection { (connection) throws(CacheError) in
            try connection.integer("""
                SELECT EXISTS (SELECT 1 FROM resource) OR EXISTS (SELECT 1 FROM secret)
                    OR EXISTS (SELECT 1 FROM outbox) OR EXISTS (SELECT 1 FROM sync_state)
                    OR EXISTS (SELECT 1 FROM audit_log)
                """) != 0
        }
    }

    /// What a cache holding data without its key check is: a cache sealed under another key
    /// when this key opens none of its manifest, else one whose key check was deleted (with the
    /// secrets, as the manifest of that table then says).
    private func missingKeyCheck() throws(CacheError) -> CacheError {
        guard try keyOpensManifest() else { return .wrongKey(path: path) }
        let manifest = RowManifest(sealer: cache.sealer)
        return try cache.database.withConnection { (connection) throws(CacheError) -> CacheError in
            guard let written = try manifest.written("secret", connection) else { return .manifestRemoved(table: "secret") }
            return .recordsMissing(table: "secret", written: written, found: try manifest.found("secret", connection))
        }
    }

    /// Whether this key opens any watched table's manifest row.
    private func keyOpensManifest() throws(CacheError) -> Bool {
        let manifest = RowManifest(sealer: cache.sealer)
        return try cache.database.withConnection { (connection) throws(CacheError) -> Bool in
            for table in RowManifest.tables {
                do throws(CacheError) {
                    if try manifest.written(table.name, connection) != nil { return true }
                } catch .tampered {
                    continue
                }
            }
            return false
        }
    }
}
