import CoreDomain
import DataFHIR
import DataLocal
@testable import emr
import Foundation
import SecurityKit
import SharedPresentation
import Synchronization
import Testing

/// The workstation's background sync runs the shared `SyncRun` in a task beside the screen: a
/// busy server's `Retry-After` is waited for only within the workstation's budget (its sync
/// interval, at most the client's 120 s), and what the server asked is said and kept for the schedule.
@Suite struct BackgroundSyncTests {
    /// Every request answered 503 with `retryAfter`.
    private struct BusyServer: HTTPTransport {
        var retryAfter: String
        func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
            HTTPResponse(status: 503, headers: ["Retry-After": retryAfter], body: Data())
        }
    }

    /// The waits the client asked for, none of them slept.
    private final class Waits: Sendable {
        let seconds = Mutex<[TimeInterval]>([])
        var all: [TimeInterval] { seconds.withLock { $0 } }
    }

    private func backgroundSync(retryAfter: String, budget: TimeInterval, waits: Waits, home: String) throws -> BackgroundSync {
        let cache = try EncryptedCache(database: CacheDatabase(location: CacheLocation(directory: home)), dataKey: SecretBytes(count: 32))
        let options = ServerOptions(arguments: ServerArguments(), config: Config(), environment: [:])
        var client = FHIRClient(baseURL: URL(string: "http://127.0.0.1:9/fhir")!, transport: BusyServer(retryAfter: retryAfter),
                                retry: try options.retryPolicy(retryAfterBudget: budget))
        client.retry.sleep = { seconds in waits.seconds.withLock { $0.append(seconds) } }
        let run = SyncRun(client: client, cache: cache, census: .ward("w"), trail: CacheAuditTrail(cache: cache, actor: AuditActor(user: "n", source: "t")),
                          retention: 86_400, lockDirectory: home)
        return BackgroundSync(run: run, directory: try CachedPatientDirectory(cache: cache))
    }

    /// A user's server session that ended is one status line that fits 80 columns (with the
    /// "sync failed: " the workstation puts before it) and says what to do.
    @Test func anEndedServerLoginIsOneLineSayingWhatToDo() {
        let line = "sync failed: " + BackgroundSync.message(for: FHIRClientError.loginRequired(reason: "the server ended the session"))
        #expect(line == "sync failed: server login ended; charting is kept: L, then unlock, to log in")
        #expect(line.count <= 80)
    }

    @Test func aRetryAfterPastTheBudgetIsNotWaitedForAndIsSaid() async throws {
        let home = NSTemporaryDirectory() + "emr-bg-sync-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: home) }
        let waits = Waits()
        let action = try await backgroundSync(retryAfter: "3600", budget: 180, waits: waits, home: home).syncOnce()
        guard case let .sync(.failed(message, offline, _, asked)) = action else { Issue.record("\(action)"); return }
        #expect(message.contains("asked to wait 60 min"))
        #expect(!offline)
        #expect(asked == 3_600)
        #expect(waits.all.isEmpty, "nothing waited")
    }

    @Test func aRetryAfterWithinTheBudgetIsWaitedFor() async throws {
        let home = NSTemporaryDirectory() + "emr-bg-sync-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: home) }
        let waits = Waits()
        let action = try await backgroundSync(retryAfter: "20", budget: 180, waits: waits, home: home).syncOnce()
        guard case .sync(.failed) = action else { Issue.record("\(action)"); return }
        #expect(waits.all == [20, 20, 20], "three retries, 60 s in all")
    }

    @Test func theWorkstationsBudgetIsItsSyncIntervalAtMostTheClients() throws {
        let options = ServerOptions(arguments: ServerArguments(), config: Config(), environment: [:])
        #expect(try options.retryPolicy(retryAfterBudget: 3).maxRetryAfter == 3)
        #expect(try options.retryPolicy(retryAfterBudget: 300).maxRetryAfter == 120)
    }
}
