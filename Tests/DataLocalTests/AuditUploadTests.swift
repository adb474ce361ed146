import CoreDomain
import DataFHIR
@testable import DataLocal
import Foundation
import Testing

@Suite struct AuditUploadTests {
    private func filledCache(_ temporary: TemporaryCache, entries: Int) throws -> EncryptedCache {
        let cache = try temporary.unlock()
        let actor = AuditActor(user: "nurse1", source: "/dev/pts/4")
        for index in 0..<entries {
            try AuditLog(cache: cache).append(AuditEvent(time: Date(timeIntervalSince1970: Double(1_700_000_000 + index)), actor: actor,
                                                         action: .chartOpened(tab: "summary"), patientID: "pat-\(index)", outcome: .success))
        }
        return cache
    }

    private func upload(_ cache: EncryptedCache, _ server: FakeFHIRServer) -> AuditUpload {
        let retry = RetryPolicy(sleep: { _ in }, random: { 0.5 })
        return AuditUpload(client: FHIRClient(baseURL: URL(string: "http://127.0.0.1:9/fhir")!, transport: server, retry: retry),
                           cache: cache, workstation: "ward-host")
    }

    private func expectedPaths(_ cache: EncryptedCache) throws -> [String] {
        try AuditLog(cache: cache).chained(after: 0, limit: 1000).map { "/fhir/AuditEvent/\($0.resourceID)" }
    }

    @Test func entriesArePutInChainOrderUnderTheirChainIDs() async throws {
        let temporary = TemporaryCache()
        let cache = try filledCache(temporary, entries: 5)
        let server = FakeFHIRServer()
        #expect(try await upload(cache, server).run() == 5)
        #expect(server.requests.map(\.method) == Array(repeating: "PUT", count: 5))
        #expect(server.requests.map(\.url.path) == (try expectedPaths(cache)))
        #expect(Set(server.requests.map(\.url.path)).count == 5)
        let order = try server.requests.map { request in
            let body = try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])
            return try #require(body["recorded"] as? String)
        }
        #expect(order == order.sorted())
        #expect(try AuditLog(cache: cache).verify() == .intact(count: 5), "uploaded entries stay in the chain")
        #expect(try await upload(cache, server).run() == 0, "nothing left to send")
        #expect(server.requests.count == 5)
    }

    @Test func theWatermarkMovesOnlyPastWhatTheServerAccepted() async throws {
        let temporary = TemporaryCache()
        let cache = try filledCache(temporary, entries: 5)
        let refusing = FakeFHIRServer { n, _ in n == 2 ? .status(422) : nil }
        let first = await #expect(throws: AuditUploadFailure.self) { try await upload(cache, refusing).run() }
        #expect(first?.uploaded == 2)
        let second = await #expect(throws: AuditUploadFailure.self) { try await upload(cache, FakeFHIRServer { _, _ in .status(422) }).run() }
        #expect(second?.uploaded == 0)
        #expect(try SyncState(cache: cache).watermark(for: AuditUpload.watermarkKey) == "2")
        let server = FakeFHIRServer()
        #expect(try await upload(cache, server).run() == 3)
        #expect(server.requests.map(\.url.path) == Array(try expectedPaths(cache).dropFirst(2)))
    }

    @Test func aServerErrorIsRetriedAndTheUploadGoesOn() async throws {
        let temporary = TemporaryCache()
        let cache = try filledCache(temporary, entries: 3)
        let server = FakeFHIRServer { n, _ in n == 1 ? .status(500) : nil }
        #expect(try await upload(cache, server).run() == 3)
        #expect(server.requests.count == 4)
        #expect(server.stored.count == 3)
    }

    @Test func aResendAfterACrashUsesTheSameIDs() async throws {
        let temporary = TemporaryCache()
        let cache = try filledCache(temporary, entries: 4)
        let server = FakeFHIRServer()
        #expect(try await upload(cache, server).run() == 4)
        // A kill between the server's answer and the watermark's write leaves it behind.
        try SyncState(cache: cache).setWatermark("1", for: AuditUpload.watermarkKey)
        let reopened = try temporary.unlock()
        #expect(try await upload(reopened, server).run() == 3)
        #expect(server.requests.suffix(3).map(\.url.path) == server.requests.dropFirst().prefix(3).map(\.url.path))
        #expect(server.stored.count == 4, "the server replaced its copies, it did not add any")
    }
}
