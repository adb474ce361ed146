import CoreDomain
import DataFHIR
@testable import DataLocal
import Foundation
import Synchronization
import Testing

/// A FHIR server holding the sample census and what a test files later (`file`), answering
/// each search by type and patient or id at the server time `now`, taking PUTs, and
/// logging every request.
private final class ResultsServer: HTTPTransport {
    private let state = Mutex<(filed: [String], now: String, requests: [HTTPRequest])>(([], "2024-06-01T00:00:00Z", []))
    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    func file(_ resource: String, now: String) { state.withLock { $0.filed.append(resource); $0.now = now } }

    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        let (filed, now) = state.withLock { state in
            state.requests.append(request)
            return (state.filed, state.now)
        }
        if request.method == "PUT" { return Self.answer(request.body ?? Data()) }
        if request.url.lastPathComponent == "metadata" {
            return Self.answer(Data(#"{"resourceType":"CapabilityStatement","fhirVersion":"4.0.1","rest":[{"mode":"server"}]}"#.utf8))
        }
        let wanted = Set(Self.items(request).filter { ["_id", "patient"].contains($0.name) }.flatMap { ($0.value ?? "").split(separator: ",").map(String.init) })
        let type = request.url.lastPathComponent
        let matching = (FHIRSamples.census() + filed).filter { line in
            line.contains(#""resourceType":"\#(type)""#) && wanted.contains { line.contains(#""id":"\#($0)""#) || line.contains("Patient/\($0)") }
        }
        let entries = matching.map { #"{"resource":\#($0)}"# }.joined(separator: ",")
        return Self.answer(Data(#"{"resourceType":"Bundle","type":"searchset","meta":{"lastUpdated":"\#(now)"},"entry":[\#(entries)]}"#.utf8))
    }

    static func items(_ request: HTTPRequest) -> [URLQueryItem] {
        URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    }

    private static func answer(_ body: Data) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/fhir+json"], body: body)
    }
}

/// The sync a listener's event starts: the patients it named, through the same path as the
/// census sync (outbox first, one transaction, its audit entry), without a pass over the ward.
@Suite struct PatientSyncTests {
    private let census = Census.patients(FHIRSamples.people.map(\.id))
    private let named = FHIRSamples.people[0]

    private func client(_ server: ResultsServer) -> FHIRClient {
        FHIRClient(baseURL: URL(string: "http://127.0.0.1:9/fhir")!, transport: server, retry: RetryPolicy(sleep: { _ in }))
    }

    private func trail(_ cache: EncryptedCache) -> CacheAuditTrail {
        CacheAuditTrail(cache: cache, actor: AuditActor(user: "nurse1", source: "no-tty"))
    }

    /// A cache synced with the census, then a heart rate filed for `named` a day later.
    private func syncedThenFiled(_ cache: EncryptedCache) async throws -> ResultsServer {
        let server = ResultsServer()
        _ = try await CensusSync(client: client(server), cache: cache).run(census)
        server.file(FHIRSamples.heartRate(named, index: 9, value: 131), now: "2024-06-02T00:00:00Z")
        return server
    }

    /// The patients each chart search asked for (the `patient` or, for Patient, `_id` values).
    private func asked(_ requests: [HTTPRequest]) -> Set<String> {
        Set(requests.flatMap { request in
            ResultsServer.items(request).filter { $0.name == "patient" || ($0.name == "_id" && request.url.lastPathComponent == "Patient") }
                .flatMap { ($0.value ?? "").split(separator: ",").map(String.init) }
        })
    }

    @Test func theNamedPatientsChangesAreStoredWithoutAPassOverTheWard() async throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        let server = try await syncedThenFiled(cache)
        let before = server.requests.count
        let report = try await CensusSync(client: client(server), cache: cache, trail: trail(cache)).syncPatients([named.id])

        let requests = Array(server.requests[before...])
        #expect(asked(requests) == [named.id], "only the named patient's chart is searched")
        let chartSearches = requests.filter { ResultsServer.items($0).contains { $0.name == "patient" } }
        #expect(chartSearches.count == CensusSync.patientSearches.count)
        #expect(chartSearches.allSatisfy { ResultsServer.items($0).contains(URLQueryItem(name: "_lastUpdated", value: "gt2024-06-01T00:00:00Z")) },
                "each asks only for what changed since the census sync")
        let observations = try await CachedChartRepository(cache: cache).observations(patientID: named.id, category: nil)
        #expect(observations.contains { $0.id == "hr-\(named.id)-9" })
        #expect(report.stored.problems.isEmpty)
        #expect(try SyncState(cache: cache).watermark(for: "Observation") == "2024-06-01T00:00:00Z",
                "the others' changes since then are still to come with the census sync")
        #expect(try AuditLog(cache: cache).entries().map(\.event.action).filter { $0 == .sync }.count == 1)
    }

    @Test func aPatientOffTheCensusIsNotFetched() async throws {
        let cache = try TemporaryCache().unlock()
        let server = try await syncedThenFiled(cache)
        let before = server.requests.count
        let report = try await CensusSync(client: client(server), cache: cache).syncPatients(["pat-not-on-the-ward"])
        #expect(server.requests.count == before)
        #expect(report.fetchedCount == 0)
    }

    @Test func thePatientsSyncSendsTheOutboxFirstAsTheCensusSyncDoes() async throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        let server = try await syncedThenFiled(cache)
        let recorder = OutboxVitalsRecorder(cache: cache, performer: "nurse1", trail: .nurse(cache)).auditing([.charting])
        _ = try await recorder.record(VitalsEntry(patientID: FHIRSamples.people[1].id, effective: Date(), heartRate: 88))
        let before = server.requests.count
        let run = SyncRun(client: client(server), cache: cache, census: census, trail: trail(cache), retention: 86_400,
                          lockDirectory: temporary.location.directory)
        let outcome = try await run.run(patients: [named.id])

        let requests = Array(server.requests[before...])
        #expect(requests.map(\.method).prefix(2) == ["GET", "PUT"], "the capabilities, then the charted heart rate")
        #expect(outcome.drained.report.sent == 1)
        #expect(asked(requests.filter { $0.method == "GET" }) == [named.id])
        #expect(outcome.report.stored.importedByType["Observation", default: 0] >= 1, "the filed heart rate")
    }
}
