@testable import DataFHIR
import Foundation
import Testing

/// A redirect the transport did not follow (it led to another origin) is one clear error,
/// asked once, never retried.
@Suite struct RedirectTests {
    @Test func aRedirectElsewhereIsRefusedNamingTheHost() async throws {
        let transport = ScriptedTransport { _, _ in HTTPResponse(status: 302, headers: ["Location": "http://127.0.0.2:8080/fhir/Patient?x=1"]) }
        let client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        await #expect(throws: FHIRClientError.redirected(request: "Patient search", origin: "http://127.0.0.2:8080")) {
            _ = try await client.get(testBase, kind: .search("Patient"))
        }
        #expect(transport.requests.count == 1)
        let message = FHIRClientError.redirected(request: "Patient search", origin: "http://127.0.0.2:8080").description
        #expect(message == "Patient search: the server redirected to another host (http://127.0.0.2:8080); not followed, nothing was stored")
    }

    @Test func anOriginIsSchemeHostAndPortWithDefaultPortsFilledIn() throws {
        let origin = { (text: String) in Origin(try #require(URL(string: text))) }
        #expect(try origin("HTTP://Example.org/fhir") == origin("http://example.org:80/other"))
        #expect(try origin("https://example.org/fhir") != origin("http://example.org/fhir"))
        #expect(try origin("http://example.org:8080/") != origin("http://example.org/"))
        #expect(try origin("https://example.org:443/x").description == "https://example.org")
        #expect(try origin("http://127.0.0.2:9/x").description == "http://127.0.0.2:9")
    }
}
