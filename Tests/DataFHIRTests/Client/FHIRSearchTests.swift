@testable import DataFHIR
import Foundation
import Testing

@Suite("FHIR client: search paging and capability check")
struct FHIRSearchTests {
    private func client(_ transport: ScriptedTransport) -> FHIRClient {
        FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
    }

    @Test func followsNextLinksAndKeepsTheFirstPageServerTime() async throws {
        let transport = ScriptedTransport { request, number in
            switch number {
            case 0: fhirJSON(searchBundle([patientJSON("a"), patientJSON("b")], next: "http://127.0.0.1:9/fhir/Patient?page=2", lastUpdated: "2024-05-01T10:00:00Z"))
            default: fhirJSON(searchBundle([patientJSON("c")], lastUpdated: "2024-05-01T10:00:05Z"))
            }
        }
        let result = try await client(transport).search("Patient", [URLQueryItem(name: "_id", value: "a,b,c")], pageSize: 2)
        #expect(result.resources.map(\.id) == ["a", "b", "c"])
        #expect(result.pages == 2)
        #expect(result.serverTime == "2024-05-01T10:00:00Z")
        let first = try #require(transport.requests.first?.url.query)
        #expect(first.contains("_count=2") && first.contains("_id=a,b,c"))
        #expect(transport.requests.last?.url.query == "page=2")
    }

    @Test(arguments: ["http://evil.example:9/fhir/Patient?page=2", "https://127.0.0.1:9/fhir/Patient?page=2", "http://127.0.0.1:10/fhir/Patient?page=2"])
    func refusesNextLinksToAnotherServer(_ link: String) async throws {
        let transport = ScriptedTransport { _, _ in fhirJSON(searchBundle([patientJSON("a")], next: link)) }
        do {
            _ = try await client(transport).search("Patient", [])
            Issue.record("expected a refusal")
        } catch {
            guard case .foreignLink = error else { throw error }
        }
        #expect(transport.requests.count == 1)
    }

    /// A server whose `next` link leads back (to itself, or two pages taking turns) would hold
    /// a sync, and its lock, forever: it is refused the moment a page would be fetched again.
    @Test(arguments: [1, 2])
    func aNextLinkBackToAFetchedPageIsRefused(_ cycle: Int) async throws {
        let transport = ScriptedTransport { _, number in
            fhirJSON(searchBundle([patientJSON("p\(number)")], next: "\(testBase.absoluteString)/Patient?page=\(number % cycle)"))
        }
        do {
            _ = try await client(transport).search("Patient", [])
            Issue.record("expected a refusal")
        } catch {
            guard case let .badResponse(_, reason) = error, reason.contains("leads back to a page already fetched") else { throw error }
        }
        #expect(transport.requests.count == 1 + cycle)
    }

    /// A server whose paging never ends with a new link each time (no page repeats) is
    /// stopped at the search's page limit, the server's fault named.
    @Test func pagingThatNeverEndsStopsAtThePageLimit() async throws {
        let transport = ScriptedTransport { _, number in
            fhirJSON(searchBundle([], next: "\(testBase.absoluteString)/Patient?page=\(number + 1)"))
        }
        await #expect(throws: FHIRClientError.badResponse(request: "Patient search", reason: "the server's paging did not end after 10000 pages")) {
            _ = try await client(transport).search("Patient", [])
        }
        #expect(transport.requests.count == FHIRClient.searchPageLimit)
    }

    @Test func serverDateIsTheWatermarkWhenTheBundleHasNoMeta() async throws {
        let body = #"{"resourceType":"Bundle","type":"searchset","entry":[]}"#
        let transport = ScriptedTransport { _, _ in fhirJSON(body, headers: ["Date": "Wed, 01 May 2024 10:00:00 GMT"]) }
        let result = try await client(transport).search("Patient", [])
        #expect(result.serverTime == "2024-05-01T10:00:00Z")
    }

    @Test func aSearchAnsweredWithSomethingElseIsRefused() async throws {
        let transport = ScriptedTransport { _, _ in fhirJSON(patientJSON("a")) }
        await #expect(throws: FHIRClientError.self) { _ = try await client(transport).search("Patient", []) }
    }

    private func capability(version: String, resources: String) -> String {
        #"{"resourceType":"CapabilityStatement","fhirVersion":"\#(version)","rest":[{"mode":"server","resource":[\#(resources)]}]}"#
    }

    @Test func capabilityCheckNamesWhatIsMissing() async throws {
        let resources = FHIRClient.neededSearchParameters.keys.filter { $0 != "Condition" }.map { type in
            let parameters = type == "Observation" ? [#"{"name":"patient"}"#] : FHIRClient.neededSearchParameters[type]!.map { #"{"name":"\#($0)"}"# }
            return #"{"type":"\#(type)","searchParam":[\#(parameters.joined(separator: ","))]}"#
        }
        let transport = ScriptedTransport { _, _ in fhirJSON(capability(version: "4.0.1", resources: resources.joined(separator: ","))) }
        let report = try await client(transport).capabilities()
        #expect(report.missingTypes == ["Condition"])
        #expect(report.missingSearchParameters == ["Observation?category"])
        #expect(report.missingSummary == "the FHIR server lacks what the workstation needs: Condition (resource type), Observation?category")
    }

    @Test func capabilityCheckRefusesOtherFHIRVersions() async throws {
        let transport = ScriptedTransport { _, _ in fhirJSON(capability(version: "5.0.0", resources: "")) }
        await #expect(throws: FHIRClientError.unsupportedServer(reason: "it speaks FHIR 5.0.0, the workstation needs R4 (4.0.x)")) {
            _ = try await client(transport).capabilities()
        }
    }
}
