import CoreDomain
import Foundation
@testable import DataLocal
import Testing

@Suite struct SmallTablesTests {
    @Test func theOutboxHandsOutPendingItemsInTheOrderQueued() throws {
        let cache = TemporaryCache()
        let store = try cache.unlock()
        let outbox = Outbox(cache: store)
        let ids = try (1...4).map { try outbox.enqueue(Data("change \($0)".utf8)) }
        #expect(try outbox.pending().map(\.payload) == (1...4).map { Data("change \($0)".utf8) })
        try outbox.settle(ids[0], refusal: nil, patientID: "p1", trail: .nurse(store))
        try outbox.settle(ids[2], refusal: "HTTP 422 refused", patientID: "p1", trail: .nurse(store))
        #expect(try outbox.pending().map(\.id) == [ids[1], ids[3]])
        #expect(try outbox.pending(limit: 1).map(\.id) == [ids[1]])
        #expect(try outbox.state(of: ids[0]) == .sent)
        #expect(try outbox.state(of: ids[2]) == .failed)
        #expect(try outbox.failure(of: ids[2]) == "HTTP 422 refused")
        #expect(try outbox.failure(of: ids[1]) == nil)
        #expect(try outbox.status() == OutboxStatus(pending: 2, failed: 1))
        #expect(try outbox.state(of: ids[3]) == .pending)
        #expect(try outbox.state(of: 999) == nil)
    }

    @Test func outboxPayloadsSurviveReopeningAndAreBoundToTheirRow() throws {
        let cache = TemporaryCache()
        let first = try Outbox(cache: cache.unlock()).enqueue(Data("first".utf8))
        let second = try Outbox(cache: cache.unlock()).enqueue(Data("second".utf8))
        let store = try cache.unlock()
        try store.database.withConnection { (connection) throws(CacheError) in
            try connection.statement("UPDATE outbox SET payload = (SELECT payload FROM outbox WHERE row_id = ?) WHERE row_id = ?")
                .bind(.integer(first), .integer(second)).run()
        }
        #expect(throws: CacheError.tampered(table: "outbox", rowID: second)) { try Outbox(cache: store).pending() }
    }

    @Test func watermarksArePerResourceType() throws {
        let cache = TemporaryCache()
        let state = SyncState(cache: try cache.unlock())
        #expect(try state.watermark(for: "Observation") == nil)
        try state.setWatermark("2024-03-01T12:00:00Z", for: "Observation")
        try state.setWatermark("2024-02-01T00:00:00Z", for: "Patient")
        try state.setWatermark("2024-03-02T00:00:00Z", for: "Observation")
        let reopened = SyncState(cache: try cache.unlock())
        #expect(try reopened.watermark(for: "Observation") == "2024-03-02T00:00:00Z")
        #expect(try reopened.watermark(for: "Patient") == "2024-02-01T00:00:00Z")
    }

    @Test func secretsAreStoredReplacedAndRemovedByName() throws {
        let cache = TemporaryCache()
        let secrets = SecretStore(cache: try cache.unlock())
        #expect(try secrets.value(named: "refresh-token") == nil)
        try secrets.set(Data("abc".utf8), named: "refresh-token")
        try secrets.set(Data("def".utf8), named: "refresh-token")
        #expect(try SecretStore(cache: cache.unlock()).value(named: "refresh-token") == Data("def".utf8))
        try secrets.remove(named: "refresh-token")
        #expect(try secrets.value(named: "refresh-token") == nil)
    }
}
