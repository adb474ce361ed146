import CoreDomain
import Foundation

/// Changes waiting to be sent to the server, oldest first. An item stays `pending` until the
/// sender marks it `sent`, or `failed` (with the server's reason) when the server refused it
/// for good; a transient error leaves it pending, to be tried again. Items are never deleted,
/// except the sent ones of a patient purged from the cache (`CensusRetention`).
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

    private func table<T: Sendable>(_ body: (OutboxTable) throws(CacheError) -> T) throws(CacheError) -> T {
        try cache.database.withConnection { (connection) throws(CacheError) -> T in
            try body(OutboxTable(connection: connection, sealer: cache.sealer))
        }
    }

    private func writing<T: Sendable>(_ body: (OutboxTable) throws(CacheError) -> T) throws(CacheError) -> T {
        try cache.database.write { (connection) throws(CacheError) -> T in
            try body(OutboxTable(connection: connection, sealer: cache.sealer))
        }
    }

    /// Queues `payload`; returns its id.
    @discardableResult
    public func enqueue(_ payload: Data) throws(CacheError) -> Int64 {
        try writing { (outbox) throws(CacheError) in try outbox.enqueue(payload) }
    }

    /// Up to `limit` pending items in the order they were queued.
    public func pending(limit: Int = 100) throws(CacheError) -> [Item] {
        try table { (outbox) throws(CacheError) in try outbox.pending(limit: limit) }
    }

    /// Settles item `id` as the server answered (`refusal` nil: it has it), and records that in
    /// `trail` in the same durable transaction: a kill between the two left an item marked sent
    /// that no entry described, or an entry for a mark never made.
    public func settle(_ id: Int64, refusal: String?, patientID: String, trail: CacheAuditTrail) throws(CacheError) {
        try cache.database.write(durably: true) { (connection) throws(CacheError) in
            let outbox = OutboxTable(connection: connection, sealer: cache.sealer)
            if let refusal { try outbox.mark(id, .failed, message: refusal) } else { try outbox.markSent(id) }
            try trail.record(.sync, patientID: patientID, outcome: refusal == nil ? .success : .failure, on: connection)
        }
    }

    /// The state of item `id`, nil when there is no such item.
    public func state(of id: Int64) throws(CacheError) -> State? {
        try table { (outbox) throws(CacheError) in try outbox.state(of: id) }
    }

    /// Why the server refused item `id`; nil unless it failed.
    public func failure(of id: Int64) throws(CacheError) -> String? {
        try table { (outbox) throws(CacheError) in try outbox.failure(of: id) }
    }

    /// How many items are pending and how many failed.
    public func status() throws(CacheError) -> OutboxStatus {
        try table { (outbox) throws(CacheError) in try outbox.status() }
    }
}
