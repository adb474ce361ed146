import CoreDomain
import Foundation

/// Reads and writes the `outbox` table on one connection, so a caller can queue items in the
/// same transaction that stores what they carry. Payloads and failure messages are sealed
/// against the row id; `key_index`/`patient_index` are the blind indexes of the resource an
/// item carries, as in the `resource` table.
struct OutboxTable {
    let connection: SQLiteConnection
    let sealer: RecordSealer

    private func context(_ rowID: Int64, column: String) -> SealContext {
        withUnsafeBytes(of: rowID.bigEndian) { SealContext(table: "outbox", column: column, key: Data($0)) }
    }

    /// Queues `payload` (carrying the resource with blind index `resource`, of `patient`);
    /// returns its id. The row is written first with an empty payload, since the seal needs
    /// the row id SQLite assigns, and sealed in the same transaction.
    @discardableResult
    func enqueue(_ payload: Data, resource: Data? = nil, patient: Data? = nil) throws(CacheError) -> Int64 {
        let now = Date().timeIntervalSince1970
        try connection.statement("""
            INSERT INTO outbox (state, payload, key_index, patient_index, created_at, updated_at) VALUES ('pending', x'', ?, ?, ?, ?)
            """).bind(resource.map(SQLiteValue.blob) ?? .null, patient.map(SQLiteValue.blob) ?? .null, .real(now), .real(now)).run()
        let rowID = connection.lastInsertRowID
        let sealed = try sealer.seal(payload, context(rowID, column: "payload"))
        try connection.statement("UPDATE outbox SET payload = ? WHERE row_id = ?").bind(.blob(sealed), .integer(rowID)).run()
        return rowID
    }

    /// Up to `limit` pending items in the order they were queued. An item failing its
    /// integrity check is an error, not skipped: sending around it would reorder changes.
    func pending(limit: Int) throws(CacheError) -> [Outbox.Item] {
        let query = try connection.statement(
            "SELECT row_id, payload, created_at FROM outbox WHERE state = 'pending' ORDER BY row_id LIMIT ?")
        try query.bind(.integer(Int64(max(0, limit))))
        var items: [Outbox.Item] = []
        while try query.step() {
            let rowID = query.int64(0)
            let payload = try sealer.open(query.blob(1) ?? Data(), context(rowID, column: "payload"), rowID: rowID)
            items.append(Outbox.Item(id: rowID, payload: payload, createdAt: Date(timeIntervalSince1970: query.double(2))))
        }
        return items
    }

    /// Moves item `id` to `state`; a failure's `message` is sealed with it.
    func mark(_ id: Int64, _ state: Outbox.State, message: String? = nil) throws(CacheError) {
        let failure = try message.map { (text) throws(CacheError) in try sealer.seal(Data(text.utf8), context(id, column: "failure")) }
        try connection.statement("UPDATE outbox SET state = ?, failure = ?, updated_at = ? WHERE row_id = ?")
            .bind(.text(state.rawValue), failure.map(SQLiteValue.blob) ?? .null, .real(Date().timeIntervalSince1970), .integer(id)).run()
    }

    /// Marks item `id` sent, with the failed items carrying the same resource queued before
    /// it: the server now holds a later version of that resource, so they are settled too.
    func markSent(_ id: Int64) throws(CacheError) {
        try mark(id, .sent)
        try connection.statement("""
            UPDATE outbox SET state = 'sent', updated_at = ?
            WHERE key_index = (SELECT key_index FROM outbox WHERE row_id = ?) AND state = 'failed' AND row_id < ?
            """).bind(.real(Date().timeIntervalSince1970), .integer(id), .integer(id)).run()
    }

    /// Where each of `patient`'s unsent resources stands, by blind index: failed when any of
    /// its items failed (with the latest reason), else pending. One query per chart.
    func deliveries(patient: Data) throws(CacheError) -> [Data: Delivery] {
        let query = try connection.statement("""
            SELECT row_id, key_index, state, failure FROM outbox
            WHERE patient_index = ? AND state IN ('pending', 'failed') AND key_index IS NOT NULL ORDER BY row_id
            """)
        try query.bind(.blob(patient))
        var found: [Data: Delivery] = [:]
        while try query.step() {
            let rowID = query.int64(0)
            let key = query.blob(1) ?? Data()
            if query.text(2) == Outbox.State.failed.rawValue {
                let sealed = query.blob(3) ?? Data()
                let message = sealed.isEmpty ? "" : String(decoding: try sealer.open(sealed, context(rowID, column: "failure"), rowID: rowID), as: UTF8.self)
                found[key] = .failed(message)
            } else if found[key] == nil {
                found[key] = .pending
            }
        }
        return found
    }

    /// The blind indexes of every resource with an item not sent yet (pending or failed).
    func unsentResources() throws(CacheError) -> Set<Data> {
        Set(try connection.statement("SELECT DISTINCT key_index FROM outbox WHERE state IN ('pending', 'failed') AND key_index IS NOT NULL")
            .bind().rows { $0.blob(0) ?? Data() })
    }

    func status() throws(CacheError) -> OutboxStatus {
        OutboxStatus(
            pending: Int(try connection.integer("SELECT count(*) FROM outbox WHERE state = 'pending'")),
            failed: Int(try connection.integer("SELECT count(*) FROM outbox WHERE state = 'failed'")))
    }

    func state(of id: Int64) throws(CacheError) -> Outbox.State? {
        let query = try connection.statement("SELECT state FROM outbox WHERE row_id = ?")
        try query.bind(.integer(id))
        defer { query.finish() }
        return try query.step() ? query.text(0).flatMap(Outbox.State.init(rawValue:)) : nil
    }

    /// The server's reason for refusing item `id`, nil unless it failed.
    func failure(of id: Int64) throws(CacheError) -> String? {
        let query = try connection.statement("SELECT failure FROM outbox WHERE row_id = ? AND state = 'failed'")
        try query.bind(.integer(id))
        defer { query.finish() }
        guard try query.step(), let sealed = query.blob(0) else { return nil }
        return String(decoding: try sealer.open(sealed, context(id, column: "failure"), rowID: id), as: UTF8.self)
    }
}
