import CoreDomain
import DataFHIR
@testable import DataLocal
import Foundation
import Synchronization
import Testing

/// A FHIR server holding the sample census, answering searches by type and patient or id.
private final class SampleServer: HTTPTransport {
    private let sent = Mutex<[HTTPRequest]>([])
    var requests: [HTTPRequest] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        sent.withLock { $0.append(request) }
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let wanted = Set(items.filter { ["_id", "patient"].contains($0.name) }.flatMap { ($0.value ?? "").split(separator: ",").map(String.init) })
        let type = request.url.lastPathComponent
        let matching = FHIRSamples.census().filter { line in
            line.contains(#""resourceType":"\#(type)""#) && wanted.contains { line.contains(#""id":"\#($0)""#) || line.contains("Patient/\($0)") }
        }
        let bundle = #"{"resourceType":"Bundle","type":"searchset","meta":{"lastUpdated":"2024-06-01T00:00:00Z"},"entry":[\#(matching.map { #"{"resource":\#($0)}"# }.joined(separator: ","))]}"#
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/fhir+json"], body: Data(bundle.utf8))
    }
}

/// A chart opened from a search of the server is fetched whole into the cache without
/// touching the census sync's state, and kept only for the retention period.
@Suite struct PatientFetchTests {
    private let person = FHIRSamples.people[1]

    private func sync(_ cache: EncryptedCache, _ server: SampleServer) -> CensusSync {
        CensusSync(client: FHIRClient(baseURL: URL(string: "http://127.0.0.1:9/fhir")!, transport: server), cache: cache)
    }

    @Test func theWholeChartIsCachedAndTheCensusSyncStateStaysPut() async throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        #expect(try await sync(cache, SampleServer()).fetchPatient(person.id))

        let chart = CachedChartRepository(cache: cache)
        #expect(try await chart.patient(id: person.id)?.mrn == person.mrn)
        #expect(try await chart.observations(patientID: person.id, category: nil).count == 4)
        #expect(try await chart.allergies(patientID: person.id).count == 1)
        #expect(try await chart.location(id: "ward-4w") != nil, "the places it names come along")
        #expect(try SyncState(cache: cache).watermark(for: "Observation") == nil, "the census is not synced to this time")
        #expect(try CensusHistory(cache: cache).census().isEmpty, "the patient is not put on the census")
    }

    @Test func theChartIsPurgedAfterTheRetentionPeriod() async throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        #expect(try await sync(cache, SampleServer()).fetchPatient(person.id))
        let trail = CacheAuditTrail(cache: cache, actor: AuditActor(user: "nurse1", source: "no-tty"))
        let retention = CensusRetention(cache: cache, trail: trail, period: 86_400)
        #expect(try retention.purgeExpired(at: Date()).purged == 0)
        #expect(try retention.purgeExpired(at: Date() + 86_401).purged == 1)
        #expect(try await CachedChartRepository(cache: cache).patient(id: person.id) == nil)
    }

    @Test func theCensusSyncKeepsAFetchedChartCurrentUntilItIsPurged() async throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        let server = SampleServer()
        #expect(try await sync(cache, server).fetchPatient(person.id))
        let before = server.requests.count
        let census = FHIRSamples.people[0].id
        let report = try await sync(cache, server).run(.patients([census]))
        #expect(report.censusPatients == 1 && report.newPatients == 1 && report.problems.isEmpty)
        let observationSearches = server.requests.dropFirst(before)
            .filter { $0.url.lastPathComponent == "Observation" }
            .compactMap { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "patient" }?.value }
        #expect(observationSearches.contains(census))
        #expect(observationSearches.contains(person.id), "the fetched chart is searched for changes too")
        #expect(try CensusHistory(cache: cache).census() == [census], "without being put on the census")
    }

    @Test func aPatientTheServerNoLongerHasStoresNothing() async throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        #expect(try await !sync(cache, SampleServer()).fetchPatient("pat-gone"))
        #expect(try await CachedChartRepository(cache: cache).encounters(patientID: "pat-gone").isEmpty)
        #expect(try CensusHistory(cache: cache).lastSeen().isEmpty)
    }
}
