@testable import DataFHIR
import Foundation
import Synchronization
import Testing

/// A token store in memory, standing in for the encrypted cache.
final class MemoryTokenStore: TokenStore {
    let token = Mutex<AccessToken?>(nil)
    func load() -> AccessToken? { token.withLock { $0 } }
    func save(_ value: AccessToken) { token.withLock { $0 = value } }
}

@Suite("SMART backend services tokens")
struct SMARTTokenProviderTests {
    static let config = #"{"token_endpoint":"http://127.0.0.1:9/auth/token","token_endpoint_auth_methods_supported":["client_secret_basic"]}"#

    /// Discovery, a token endpoint issuing `token-N`, and a FHIR endpoint that answers `fhir`.
    private func server(
        delay: Duration = .zero, fhir: @escaping @Sendable (HTTPRequest) -> HTTPResponse = { _ in fhirJSON(searchBundle([])) }
    ) -> ScriptedTransport {
        let issued = Mutex(0)
        return ScriptedTransport(delay: delay) { request, _ in
            if request.url.path.hasSuffix("smart-configuration") { return fhirJSON(Self.config, headers: ["Content-Type": "application/json"]) }
            if request.url.path == "/auth/token" {
                let number = issued.withLock { $0 += 1; return $0 }
                return fhirJSON(#"{"access_token":"token-\#(number)","token_type":"bearer","expires_in":3600}"#, headers: ["Content-Type": "application/json"])
            }
            return fhir(request)
        }
    }

    private func form(_ request: HTTPRequest?) -> String { String(decoding: request?.body ?? Data(), as: UTF8.self) }

    @Test func clientSecretBasicSendsABasicHeaderAndUsesTheToken() async throws {
        let transport = server()
        var client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        client.authorizer = SMARTTokenProvider(client: client, credentials: .secretBasic(clientID: "ward", secret: "s3cret"), scope: "system/*.read")
        _ = try await client.get(client.url("Patient"), kind: .search("Patient"))
        let tokenRequest = try #require(transport.requests.first { $0.url.path == "/auth/token" })
        #expect(tokenRequest.headers["Authorization"] == "Basic " + Data("ward:s3cret".utf8).base64EncodedString())
        #expect(form(tokenRequest).contains("grant_type=client_credentials"))
        #expect(!form(tokenRequest).contains("s3cret"))
        #expect(transport.requests.last?.headers["Authorization"] == "Bearer token-1")
    }

    @Test func clientSecretPostSendsTheSecretInTheForm() async throws {
        let transport = server()
        var client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        client.authorizer = SMARTTokenProvider(client: client, credentials: .secretPost(clientID: "ward", secret: "a b&c"), scope: "system/*.read")
        _ = try await client.get(client.url("Patient"), kind: .search("Patient"))
        let tokenRequest = try #require(transport.requests.first { $0.url.path == "/auth/token" })
        #expect(tokenRequest.headers["Authorization"] == nil)
        #expect(form(tokenRequest).contains("client_id=ward&client_secret=a%20b%26c"))
    }

    @Test func a401RenewsTheTokenOnceAndRetries() async throws {
        let transport = server { request in
            request.headers["Authorization"] == "Bearer token-1" ? HTTPResponse(status: 401) : fhirJSON(searchBundle([]))
        }
        var client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        client.authorizer = SMARTTokenProvider(client: client, credentials: .secretBasic(clientID: "ward", secret: "x"), scope: "system/*.read")
        _ = try await client.get(client.url("Patient"), kind: .search("Patient"))
        #expect(transport.requests.last?.headers["Authorization"] == "Bearer token-2")
    }

    @Test func requestsInFlightThatMeetAnExpiredTokenShareOneRenewal() async throws {
        // Each answer takes a moment, so all four searches are out with the first token at once.
        let transport = server(delay: .milliseconds(50)) { request in
            request.headers["Authorization"] == "Bearer token-1" ? HTTPResponse(status: 401) : fhirJSON(searchBundle([]))
        }
        var client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        let provider = SMARTTokenProvider(client: client, credentials: .secretBasic(clientID: "ward", secret: "x"), scope: "system/*.read")
        client.authorizer = provider
        _ = try await provider.authorization(refused: nil)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for type in ["Observation", "Condition", "MedicationRequest", "AllergyIntolerance"] {
                group.addTask { [client] in _ = try await client.get(client.url(type), kind: .search(type)) }
            }
            try await group.waitForAll()
        }
        #expect(transport.requests.filter { $0.url.path == "/auth/token" }.count == 2, "the first token and one renewal")
        #expect(transport.requests.filter { $0.headers["Authorization"] == "Bearer token-1" }.count == 4)
        #expect(transport.requests.filter { $0.headers["Authorization"] == "Bearer token-2" }.count == 4)
    }

    @Test func aPersistent401FailsAfterOneRenewal() async throws {
        let transport = server { _ in HTTPResponse(status: 401) }
        var client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        client.authorizer = SMARTTokenProvider(client: client, credentials: .secretBasic(clientID: "ward", secret: "x"), scope: "system/*.read")
        await #expect(throws: FHIRClientError.unauthorized(request: "Patient search", reason: "the server did not accept the access token")) {
            _ = try await client.get(client.url("Patient"), kind: .search("Patient"))
        }
        #expect(transport.requests.filter { $0.url.path == "/auth/token" }.count == 2)
    }

    @Test func aStoredTokenIsReusedUntilShortlyBeforeItExpires() async throws {
        let transport = server()
        let store = MemoryTokenStore()
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        let client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        let provider = SMARTTokenProvider(
            client: client, credentials: .secretBasic(clientID: "ward", secret: "x"), scope: "system/*.read", store: store,
            now: { clock.withLock { $0 } })
        #expect(try await provider.authorization(refused: nil) == "Bearer token-1")
        clock.withLock { $0 += 3000 }
        #expect(try await provider.authorization(refused: nil) == "Bearer token-1")
        clock.withLock { $0 += 560 }
        #expect(try await provider.authorization(refused: nil) == "Bearer token-2")
        #expect(store.load()?.value == "token-2")
    }

    @Test func aRefusedClientGetsAClearError() async throws {
        let transport = ScriptedTransport { request, _ in
            request.url.path == "/auth/token"
                ? fhirJSON(#"{"error":"invalid_client"}"#, status: 401, headers: ["Content-Type": "application/json"])
                : fhirJSON(Self.config, headers: ["Content-Type": "application/json"])
        }
        let client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        let provider = SMARTTokenProvider(client: client, credentials: .secretBasic(clientID: "ward", secret: "wrong"), scope: "system/*.read")
        do {
            _ = try await provider.authorization(refused: nil)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.description == "not authorized for token request: the token endpoint refused the client credentials; check the client id and secret or key")
        }
    }

    @Test func discoveryFallsBackToTheCapabilityStatement() async throws {
        let capability = #"{"resourceType":"CapabilityStatement","fhirVersion":"4.0.1","rest":[{"mode":"server","security":{"extension":[{"url":"http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris","extension":[{"url":"token","valueUri":"http://127.0.0.1:9/oauth/token"}]}]}}]}"#
        let transport = ScriptedTransport { request, _ in
            request.url.path.hasSuffix("metadata") ? fhirJSON(capability) : HTTPResponse(status: 404)
        }
        let configuration = try await FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy()).discoverSMART()
        #expect(configuration.tokenEndpoint.absoluteString == "http://127.0.0.1:9/oauth/token")
    }

    @Test func aTokenEndpointOnAnotherHostIsRefused() async throws {
        let transport = ScriptedTransport { _, _ in
            fhirJSON(#"{"token_endpoint":"http://elsewhere.example/token"}"#, headers: ["Content-Type": "application/json"])
        }
        await #expect(throws: FHIRClientError.self) {
            _ = try await FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy()).discoverSMART()
        }
    }

    /// The same host is not enough: another port is another server, and plain http would
    /// send the secret or the assertion readable on the wire. Nothing goes to such an endpoint.
    @Test(arguments: ["http://127.0.0.1:8443/auth/token", "https://127.0.0.1:9/auth/token"])
    func aTokenEndpointOnAnotherPortOrSchemeIsRefused(endpoint: String) async throws {
        let transport = ScriptedTransport { request, _ in
            request.url.path.hasSuffix("smart-configuration")
                ? fhirJSON(#"{"token_endpoint":"\#(endpoint)"}"#, headers: ["Content-Type": "application/json"])
                : fhirJSON(#"{"access_token":"leaked","expires_in":3600}"#, headers: ["Content-Type": "application/json"])
        }
        var client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        client.authorizer = SMARTTokenProvider(client: client, credentials: .secretBasic(clientID: "ward", secret: "s3cret"), scope: "system/*.read")
        let origin = Origin(try #require(URL(string: endpoint))).description
        await #expect(throws: FHIRClientError.unauthorized(request: "SMART discovery", reason: "the token endpoint is on another server (\(origin)); refused")) {
            _ = try await client.get(client.url("Patient"), kind: .search("Patient"))
        }
        #expect(!transport.requests.contains { $0.url.path == "/auth/token" })
    }
}
