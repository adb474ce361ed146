import CoreDomain
import DataFHIR
@testable import DataLocal
import Foundation
import Testing

/// The one sync `emr sync` and the workstation both run: the lock it takes itself, and the
/// failures it records before throwing them.
@Suite struct SyncRunTests {
    private func run(_ cache: EncryptedCache, _ temporary: TemporaryCache, server: FakeFHIRServer) -> SyncRun {
        let client = FHIRClient(baseURL: URL(string: "http://127.0.0.1:9/fhir")!, transport: server, retry: RetryPolicy(sleep: { _ in }))
        return SyncRun(
            client: client, cache: cache, census: .ward("ward-4w"), trail: trail(cache), retention: 86_400,
            lockDirectory: temporary.location.directory)
    }

    private func trail(_ cache: EncryptedCache) -> CacheAuditTrail {
        CacheAuditTrail(cache: cache, actor: AuditActor(user: "nurse1", source: "no-tty"))
    }

    private func recorded(_ cache: EncryptedCache) throws -> [String] {
        try AuditLog(cache: cache).entries().map { "\($0.event.action.code) \($0.event.outcome.rawValue)" }
    }

    @Test func anotherSyncHoldingTheLockStopsThisOneBeforeTheServerIsAskedAndIsRecorded() async throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        let server = FakeFHIRServer()
        let held = try SyncLock(directory: temporary.location.directory)
        do {
            _ = try await run(cache, temporary, server: server).run()
            Issue.record("a second sync ran")
        } catch {
            guard case .syncRunning? = error.error as? CacheError else { Issue.record("\(error.error)"); return }
            #expect(!error.cacheChanged && !error.isOffline)
        }
        withExtendedLifetime(held) {}
        #expect(server.requests.isEmpty)
        #expect(try recorded(cache) == ["sync failure"])
    }

    @Test func anUnreachableServerIsOfflineRecordedAndTheLockIsReleased() async throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        do {
            _ = try await run(cache, temporary, server: FakeFHIRServer { _, _ in .unreachable }).run()
            Issue.record("the sync ran without a server")
        } catch {
            #expect(error.isOffline && !error.cacheChanged)
            #expect(SyncRun.message(for: error.error).contains("127.0.0.1"))
        }
        #expect(try recorded(cache) == ["sync failure"])
        #expect((try? SyncLock(directory: temporary.location.directory)) != nil, "the lock is free again")
    }
}
