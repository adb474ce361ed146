import CoreDomain
import DataFHIR
@testable import DataLocal
import Foundation
import Testing

/// A server whose Patient search finds every sample person.
private struct EveryoneServer: HTTPTransport {
    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        let entries = FHIRSamples.people.map { #"{"resource":\#(FHIRSamples.patient($0))}"# }.joined(separator: ",")
        let bundle = #"{"resourceType":"Bundle","type":"searchset","entry":[\#(entries)]}"#
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/fhir+json"], body: Data(bundle.utf8))
    }
}

/// The workstation's search of the server lists only patients the cache does not keep.
@Suite struct ServerPatientLookupTests {
    @Test func patientsTheCacheKeepsAreLeftOutOfTheServersAnswer() async throws {
        let temporary = TemporaryCache()
        let cache = try temporary.unlock()
        let kept = FHIRSamples.people[0]
        _ = try CacheImporter(cache: cache).importFile(at: try temporary.source([FHIRSamples.patient(kept)]))
        let lookup = ServerPatientLookup(
            client: FHIRClient(baseURL: URL(string: "http://127.0.0.1:9/fhir")!, transport: EveryoneServer()), cache: cache,
            directory: try CachedPatientDirectory(cache: cache))

        let matches = try await lookup.search(RemotePatientQuery(names: ["a"]), limit: 10)
        #expect(matches.patients.map(\.id) == FHIRSamples.people.dropFirst().map(\.id))
    }
}
