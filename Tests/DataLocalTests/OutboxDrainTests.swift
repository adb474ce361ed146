import CoreDomain
import DataFHIR
import Foundation
@testable import DataLocal
import Synchronization
import Testing

/// Keeps what was recorded instead of writing a log.
private final class RecordingTrail: AuditTrail {
    private let entries = Mutex<[(AuditAction, String?, AuditOutcome)]>([])
    var recorded: [(action: AuditAction, patientID: String?, outcome: AuditOutcome)] { entries.withLock { $0 } }

    func record(_ action: AuditAction, patientID: String?, outcome: AuditOutcome) throws {
        entries.withLock { $0.append((action, patientID, outcome)) }
    }
}

@Suite struct OutboxDrainTests {
    private let person = FHIRSamples.people[0]

    /// A cache with the census and two charted entries: HR + BP, then a temperature.
    private func charted(_ cache: TemporaryCache) async throws -> (EncryptedCache, [String]) {
        let store = try cache.unlock()
        try cache.importWhole(FHIRSamples.census(vitals: 1), into: store)
        let recorder = OutboxVitalsRecorder(cache: store, performer: "nurse1", trail: .nurse(store)).auditing([.charting])
        let first = try await recorder.record(VitalsEntry(patientID: person.id, effective: Date(), heartRate: 88, systolic: 120, diastolic: 80))
        let second = try await recorder.record(VitalsEntry(patientID: person.id, effective: Date(), temperature: 37))
        return (store, first + second)
    }

    /// `token`: the client sends SMART credentials, as a ward's sync does.
    private func drain(_ store: EncryptedCache, _ server: FakeFHIRServer, token: Bool = false) -> OutboxDrain {
        let retry = RetryPolicy(sleep: { _ in }, random: { 0.5 })
        var client = FHIRClient(baseURL: URL(string: "http://127.0.0.1:9/fhir")!, transport: server, retry: retry)
        if token { client.authorizer = StaticToken() }
        return OutboxDrain(client: client, cache: store, trail: .nurse(store))
    }

    /// The drain's entries in the cache's audit trail, each committed with the mark it describes.
    private func syncEntries(_ store: EncryptedCache) throws -> [AuditEvent] {
        try AuditLog(cache: store).entries().map(\.event).filter { $0.action == .sync }
    }

    private func deliveries(_ store: EncryptedCache, _ ids: [String]) async throws -> [Delivery?] {
        let chart = try await CachedChartRepository(cache: store).observations(patientID: person.id, category: nil)
        return ids.map { id in chart.first { $0.id == id }?.delivery }
    }

    private func paths(_ ids: [String]) -> [String] { ids.map { "/fhir/Observation/\($0)" } }

    @Test func itemsArePutInOrderToTheirOwnIdsAndSettle() async throws {
        let cache = TemporaryCache()
        let (store, ids) = try await charted(cache)
        let server = FakeFHIRServer()
        #expect(try await drain(store, server).run() == OutboxDrainReport(sent: 3))
        #expect(server.requests.map(\.method) == ["PUT", "PUT", "PUT"])
        #expect(server.requests.map(\.url.path) == paths(ids))
        let stored = try ids.map { try store.storedJSON(resourceType: "Observation", id: $0) }
        #expect(server.requests.map(\.body) == stored, "the server gets exactly what the chart shows")
        #expect(try await deliveries(store, ids) == [.settled, .settled, .settled])
        let recorded = try syncEntries(store)
        #expect(recorded.count == 3)
        #expect(recorded.allSatisfy { $0.patientID == person.id && $0.outcome == .success })
        #expect(try await drain(store, server).run() == OutboxDrainReport(), "nothing left")
        #expect(server.requests.count == 3)
    }

    @Test func aRefusedItemIsMarkedFailedWithTheServersReasonAndTheRestStillGo() async throws {
        let cache = TemporaryCache()
        let (store, ids) = try await charted(cache)
        let server = FakeFHIRServer { number, _ in number == 1 ? .status(422, diagnostics: "Observation.component[0]: unknown code\\nsee profile") : nil }
        #expect(try await drain(store, server).run() == OutboxDrainReport(sent: 2, failed: 1))
        #expect(server.requests.map(\.url.path) == paths(ids), "a 422 is not retried")
        #expect(try await deliveries(store, ids) == [.settled, .failed("Observation.component[0]: unknown code see profile (HTTP 422)"), .settled])
        #expect(try syncEntries(store).map(\.outcome) == [.success, .failure, .success])
        #expect(try Outbox(cache: store).status() == OutboxStatus(pending: 0, failed: 1))
        #expect(try await drain(store, FakeFHIRServer()).run() == OutboxDrainReport(), "a failed item waits for someone to act")
    }

    @Test func aRefusalWithoutDiagnosticsSaysTheStatus() async throws {
        let cache = TemporaryCache()
        let (store, ids) = try await charted(cache)
        #expect(try await drain(store, FakeFHIRServer { number, _ in number == 0 ? .status(400) : nil }).run() == OutboxDrainReport(sent: 2, failed: 1))
        #expect(try await deliveries(store, ids).first == .failed("the FHIR server refused Observation update (HTTP 400)"))
    }

    @Test func noAnswerStopsTheDrainAndTheRestGoesNextTimeInOrder() async throws {
        let cache = TemporaryCache()
        let (store, ids) = try await charted(cache)
        let down = FakeFHIRServer { number, _ in number >= 1 ? .unreachable : nil }
        let failure = await #expect(throws: OutboxDrainFailure.self) { try await drain(store, down).run() }
        #expect(failure?.report == OutboxDrainReport(sent: 1))
        #expect(failure?.offline == true)
        #expect(down.requests.count == 1 + 5, "the second item: one try and the client's four network retries")
        #expect(try await deliveries(store, ids) == [.settled, .pending, .pending])
        #expect(try syncEntries(store).map(\.outcome) == [.success], "only what left this machine")
        let back = FakeFHIRServer()
        #expect(try await drain(store, back).run() == OutboxDrainReport(sent: 2))
        #expect(back.requests.map(\.url.path) == paths(Array(ids.dropFirst())))
    }

    @Test func aServerErrorAfterTheRetriesStopsTheDrainWithTheItemPending() async throws {
        let cache = TemporaryCache()
        let (store, ids) = try await charted(cache)
        let failing = FakeFHIRServer { _, _ in .status(500) }
        let failure = await #expect(throws: OutboxDrainFailure.self) { try await drain(store, failing).run() }
        #expect(failure?.offline == false)
        #expect(failing.requests.count == 4, "one try and three retries, then stop")
        #expect(try await deliveries(store, ids) == [.pending, .pending, .pending])
    }

    @Test func aMissingWriteScopeStopsTheDrainNamingTheScope() async throws {
        let cache = TemporaryCache()
        let (store, ids) = try await charted(cache)
        let failure = await #expect(throws: OutboxDrainFailure.self) {
            try await drain(store, FakeFHIRServer { _, _ in .status(403) }, token: true).run()
        }
        #expect(failure?.reason.contains("system/Observation.write") == true)
        #expect(try await deliveries(store, ids) == [.pending, .pending, .pending])
    }

    @Test func sendingAgainAfterAKillBeforeTheMarkPutsTheSameResources() async throws {
        let cache = TemporaryCache()
        let (store, ids) = try await charted(cache)
        let server = FakeFHIRServer()
        #expect(try await drain(store, server).run() == OutboxDrainReport(sent: 3))
        try store.database.write { (connection) throws(CacheError) in try connection.execute("UPDATE outbox SET state = 'pending'") }
        #expect(try await drain(store, server).run() == OutboxDrainReport(sent: 3))
        #expect(server.requests.map(\.url.path) == paths(ids) + paths(ids))
        #expect(server.stored.count == 3, "a PUT to the same id replaces: still one copy each")
    }

    @Test func aCorrectionSentAfterARefusedVersionSettlesIt() async throws {
        let cache = TemporaryCache()
        let (store, ids) = try await charted(cache)
        try await OutboxVitalsRecorder(cache: store, performer: "nurse1", trail: .nurse(store)).auditing([.correction]).markEnteredInError(observationIDs: [ids[0]], patientID: person.id, reason: "wrong patient")
        let server = FakeFHIRServer { number, _ in number == 0 ? .status(422) : nil }
        #expect(try await drain(store, server).run() == OutboxDrainReport(sent: 3, failed: 1))
        #expect(server.requests.map(\.url.path) == paths(ids + [ids[0]]))
        #expect(try await deliveries(store, ids) == [.settled, .settled, .settled])
        #expect(try Outbox(cache: store).status() == OutboxStatus())
    }

    /// The sample census with one heart rate as the server sent it, at version 3; returns its id.
    private func cacheWithServerVersion3(_ cache: TemporaryCache) throws -> (EncryptedCache, String) {
        let store = try cache.unlock()
        let serverID = "hr-\(person.id)-0"
        let census = FHIRSamples.census(vitals: 1).map { line in
            line.contains(#""id":"\#(serverID)""#) ? line.replacingOccurrences(of: #""status":"final""#, with: #""meta":{"versionId":"3"},"status":"final""#) : line
        }
        try cache.importWhole(census, into: store)
        return (store, serverID)
    }

    /// Stores `body` at `path` on `server`, as if another client had PUT it there.
    private func put(_ body: Data, at path: String, on server: FakeFHIRServer) async throws {
        #expect(try await server.send(HTTPRequest(method: "PUT", url: URL(string: "http://127.0.0.1" + path)!, body: body)).status == 200)
    }

    @Test func aCorrectionOfTheServersVersionIsSentIfMatchingItAndA412IsARefusal() async throws {
        let cache = TemporaryCache()
        let (store, serverID) = try cacheWithServerVersion3(cache)
        let recorder = OutboxVitalsRecorder(cache: store, performer: "nurse1", trail: .nurse(store)).auditing([.charting])
        let charted = try await recorder.record(VitalsEntry(patientID: person.id, effective: Date(), heartRate: 88))
        try await recorder.markEnteredInError(observationIDs: [serverID] + charted, patientID: person.id, reason: "wrong patient")
        let server = FakeFHIRServer { _, request in request.headers["If-Match"] == nil ? nil : .status(412, diagnostics: "version 4 is current") }
        #expect(try await drain(store, server).run() == OutboxDrainReport(sent: 2, failed: 1))
        let puts = server.requests.filter { $0.method == "PUT" }
        #expect(puts.map(\.url.path) == paths(charted + [serverID] + charted))
        #expect(puts.map { $0.headers["If-Match"] } == [nil, #"W/"3""#, nil],
                "only the server's resource is matched: an entry charted here is created by its PUT")
        #expect(server.requests.filter { $0.method == "GET" }.map(\.url.path) == paths([serverID]), "the 412 is checked against the server's copy")
        #expect(try await deliveries(store, [serverID]) == [.failed("version 4 is current (HTTP 412)")])
    }

    /// The correction reached the server but its answer did not reach us: sent again, it meets
    /// the version it made (412), and the server's copy, read back, shows it was applied.
    @Test func aCorrectionAppliedWhoseAnswerWasLostCountsAsSentOnTheNext412() async throws {
        let cache = TemporaryCache()
        let (store, serverID) = try cacheWithServerVersion3(cache)
        try await OutboxVitalsRecorder(cache: store, performer: "nurse1", trail: .nurse(store)).auditing([.correction]).markEnteredInError(observationIDs: [serverID], patientID: person.id, reason: "wrong patient")
        let lost = FakeFHIRServer { _, request in request.method == "PUT" ? .unreachable : nil }
        await #expect(throws: OutboxDrainFailure.self) { try await drain(store, lost).run() }

        let applied = FakeFHIRServer { _, request in request.method == "PUT" && request.headers["If-Match"] != nil ? .status(412) : nil }
        let path = "/fhir/Observation/\(serverID)"
        let queued = try #require(try Outbox(cache: store).pending().first)
        try await put(try OutboxEnvelope(queued.payload).json, at: path, on: applied)
        #expect(try await drain(store, applied).run() == OutboxDrainReport(sent: 1))
        #expect(applied.requests.map(\.method) == ["PUT", "PUT", "GET"])
        #expect(try await deliveries(store, [serverID]) == [.settled])

        let moved = FakeFHIRServer { _, request in request.method == "PUT" && request.headers["If-Match"] != nil ? .status(412, diagnostics: "version 4 is current") : nil }
        try await put(Data(#"{"resourceType":"Observation","id":"x","status":"amended"}"#.utf8), at: path, on: moved)
        try store.database.write { (connection) throws(CacheError) in try connection.execute("UPDATE outbox SET state = 'pending'") }
        #expect(try await drain(store, moved).run() == OutboxDrainReport(failed: 1), "someone else's newer version is not overwritten")
    }

    @Test func aPayloadThatDoesNotOpenStopsTheDrainBeforeSendingAnything() async throws {
        let cache = TemporaryCache()
        let (store, _) = try await charted(cache)
        try store.database.write { (connection) throws(CacheError) in
            try connection.execute("UPDATE outbox SET payload = (SELECT payload FROM outbox WHERE row_id = 2) WHERE row_id = 1")
        }
        let server = FakeFHIRServer()
        let failure = await #expect(throws: OutboxDrainFailure.self) { try await drain(store, server).run() }
        #expect(failure?.reason.contains("integrity") == true)
        #expect(server.requests.isEmpty)
    }

    @Test func serverTextIsKeptOnOneLine() {
        #expect(OutboxDrain.oneLine("bad\n\tvalue\r\n  here ") == "bad value here")
        #expect(OutboxDrain.isRefusal(422) && OutboxDrain.isRefusal(409) && OutboxDrain.isRefusal(412))
        #expect(!OutboxDrain.isRefusal(429) && !OutboxDrain.isRefusal(408) && !OutboxDrain.isRefusal(500))
    }
}

/// Credentials the fake server takes as given: what it answers is what the test is about.
private struct StaticToken: RequestAuthorizer {
    func authorization(refused: String?) async throws(FHIRClientError) -> String { "Bearer test" }
}
