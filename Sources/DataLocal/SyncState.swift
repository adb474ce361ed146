import Foundation

/// Per resource type, how far a sync got (the server's `_lastUpdated` watermark), sealed.
public struct SyncState: Sendable {
    private let cache: EncryptedCache

    public init(cache: EncryptedCache) {
        self.cache = cache
    }

    private func context(_ resourceType: String) -> SealContext {
        SealContext(table: "sync_state", column: "watermark", resourceType: resourceType)
    }

    public func watermark(for resourceType: String) throws(CacheError) -> String? {
        try cache.database.withConnection { (connection) throws(CacheError) -> String? in
            let query = try connection.statement("SELECT row_id, watermark FROM sync_state WHERE resource_type = ?")
            try query.bind(.text(resourceType))
            defer { query.finish() }
            guard try query.step() else { return nil }
            let opened = try cache.sealer.open(query.blob(1) ?? Data(), context(resourceType), rowID: query.int64(0))
            return String(decoding: opened, as: UTF8.self)
        }
    }

    public func setWatermark(_ watermark: String, for resourceType: String) throws(CacheError) {
        let sealed = try cache.sealer.seal(Data(watermark.utf8), context(resourceType))
        try cache.database.write { (connection) throws(CacheError) in
            try connection.statement("""
                INSERT INTO sync_state (resource_type, watermark, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (resource_type) DO UPDATE SET watermark = excluded.watermark, updated_at = excluded.updated_at
                """).bind(.text(resourceType), .blob(sealed), .real(Date().timeIntervalSince1970)).run()
        }
    }
}
