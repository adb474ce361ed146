import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

/// The server search behind the patient list: the typed terms as FHIR search parameters, one
/// page, and nothing asked for a search without terms.
@Suite("FHIR client: patient search beyond the census")
struct FHIRPatientSearchTests {
    private func search(_ transport: ScriptedTransport) -> FHIRPatientSearch {
        FHIRPatientSearch(client: FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy()))
    }

    @Test func eachTermIsAParameterOfItsKind() async throws {
        let transport = ScriptedTransport { _, _ in fhirJSON(searchBundle([patientJSON("a")])) }
        let query = RemotePatientQuery(names: ["ada", "love"], identifiers: ["MRN-7"], birthDates: [PartialDate(year: 1915, month: 12)])
        let matches = try await search(transport).search(query, limit: 20)
        #expect(matches.patients.map(\.id) == ["a"])
        #expect(!matches.hasMore)
        let url = try #require(transport.requests.first?.url)
        #expect(url.path == "/fhir/Patient")
        let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(items == [
            URLQueryItem(name: "name", value: "ada"), URLQueryItem(name: "name", value: "love"),
            URLQueryItem(name: "identifier", value: "MRN-7"), URLQueryItem(name: "birthdate", value: "1915-12"),
            URLQueryItem(name: "_count", value: "20"),
        ])
    }

    @Test func searchSyntaxInATypedTermIsEscaped() {
        let items = FHIRPatientSearch.parameters(for: RemotePatientQuery(names: ["o,neil"], identifiers: [#"MRN|7$a\b"#]))
        #expect(items == [URLQueryItem(name: "name", value: #"o\,neil"#), URLQueryItem(name: "identifier", value: #"MRN\|7\$a\\b"#)])
    }

    @Test func onlyTheFirstPageIsFetchedAndMoreIsSaid() async throws {
        let transport = ScriptedTransport { _, _ in
            fhirJSON(searchBundle([patientJSON("a"), patientJSON("b")], next: "http://127.0.0.1:9/fhir/Patient?page=2"))
        }
        let matches = try await search(transport).search(RemotePatientQuery(names: ["test"]), limit: 2)
        #expect(matches.patients.map(\.id) == ["a", "b"])
        #expect(matches.hasMore)
        #expect(transport.requests.count == 1)
    }

    @Test func aQueryWithoutTermsAsksNothing() async throws {
        let transport = ScriptedTransport { _, _ in fhirJSON(searchBundle([patientJSON("a")])) }
        #expect(try await search(transport).search(RemotePatientQuery(), limit: 20).patients.isEmpty)
        #expect(transport.requests.isEmpty)
    }
}
