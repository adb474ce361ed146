import Foundation

/// Changes waiting to be sent to the server, oldest first. A payload stays `pending` until
/// the sender marks it `sent`, or `failed` when the server refused it for good (a transient
/// error leaves it pending, to be tried again).
public struct Outbox: Sendable {
    public enum State: String, Sendable, Hashable, CaseIterable {
        case pending, sent, failed
    }

    public struct Item: Sendable, Hashable, Identifiable {
        public var id: Int64
        public var payload: Data
        public var createdAt: Date
    }

    private let cache: EncryptedCache

    public init(cache: EncryptedCache) {
        self.cache = cache
    }

    /// Sealed against its row id, which SQLite assigns on insert: the row is written first
    /// with an empty payload and sealed in the same transaction.
    private func context(_ rowID: Int64) -> SealContext {
        withUnsafeBytes(of: rowID.bigEndian) { SealContext(table: "outbox", column: "payload", key: Data($0)) }
    }

    /// Queues `payload`; returns its id.
    @discardableResult
    public func enqueue(_ payload: Data) throws(CacheError) -> Int64 {
        try cache.database.write { (connection) throws(CacheError) -> Int64 in
            let now = Date().timeIntervalSince1970
            try connection.statement("INSERT INTO outbox (state, payload, created_at, updated_at) VALUES ('pending', x'', ?, ?)")
                .bind(.real(now), .real(now)).run()
            let rowID = connection.lastInsertRowID
            let sealed = try cache.sealer.seal(payload, context(rowID))
            try connection.statement("UPDATE outbox SET payload = ? WHERE row_id = ?").bind(.blob(sealed), .integer(rowID)).run()
            return rowID
        }
    }

    /// Up to `limit` pending items in the order they were queued. An item failing its
    /// integrity check is an error, not skipped: sending around it would reorder changes.
    public func pending(limit: Int = 100) throws(CacheError) -> [Item] {
        try cache.database.withConnection { (connection) throws(CacheError) -> [Item] in
            let query = try connection.statement(
                "SELECT row_id, payload, created_at FROM outbox WHERE state = 'pending' ORDER BY row_id LIMIT ?")
            try query.bind(.integer(Int64(max(0, limit))))
            var items: [Item] = []
            while try query.step() {
                let rowID = query.int64(0)
                let payload = try cache.sealer.open(query.blob(1) ?? Data(), context(rowID), rowID: rowID)
                items.append(Item(id: rowID, payload: payload, createdAt: Date(timeIntervalSince1970: query.double(2))))
            }
            return items
        }
    }

    public func markSent(_ id: Int64) throws(CacheError) { try mark(id, .sent) }

    public func markFailed(_ id: Int64) throws(CacheError) { try mark(id, .failed) }

    /// The state of item `id`, nil when there is no such item.
    public func state(of id: Int64) throws(CacheError) -> State? {
        try cache.database.withConnection { (connection) throws(CacheError) -> State? in
            let query = try connection.statement("SELECT state FROM outbox WHERE row_id = ?")
            try query.bind(.integer(id))
            defer { query.finish() }
            return try query.step() ? query.text(0).flatMap(State.init(rawValue:)) : nil
        }
    }

    private func mark(_ id: Int64, _ state: State) throws(CacheError) {
        try cache.database.write { (connection) throws(CacheError) in
            try connection.statement("UPDATE outbox SET state = ?, updated_at = ? WHERE row_id = ?")
                .bind(.text(state.rawValue), .real(Date().timeIntervalSince1970), .integer(id)).run()
        }
    }
}
