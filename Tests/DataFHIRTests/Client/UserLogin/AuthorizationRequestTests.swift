@testable import DataFHIR
import Foundation
import Testing

@Suite("SMART user login: the authorization request and its answer")
struct AuthorizationRequestTests {
    static let redirect = URL(string: "http://127.0.0.1:8765/callback")!

    private func request(state: String = "st8") -> AuthorizationRequest {
        AuthorizationRequest(
            endpoint: URL(string: "https://login.example.org/authorize?tenant=ward")!, clientID: "emr app", redirectURI: Self.redirect,
            scope: "openid fhirUser online_access user/*.rs", state: state, audience: testBase,
            pkce: PKCE(verifier: "v", sha256: { _ in Data([0xFB, 0xFF]) }))
    }

    private func query(_ url: URL) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
    }

    @Test func theURLCarriesEverySMARTParameterAndKeepsTheEndpointsOwnQuery() {
        let url = request().url
        let items = query(url)
        #expect(items["tenant"] == "ward")
        #expect(items["response_type"] == "code")
        #expect(items["client_id"] == "emr app")
        #expect(items["redirect_uri"] == Self.redirect.absoluteString)
        #expect(items["scope"] == "openid fhirUser online_access user/*.rs")
        #expect(items["state"] == "st8")
        #expect(items["aud"] == testBase.absoluteString)
        #expect(items["code_challenge"] == "-_8")
        #expect(items["code_challenge_method"] == "S256")
        // Strict form encoding: a scope's `*` and `/` and the redirect's `:` never travel raw.
        #expect(url.absoluteString.contains("scope=openid%20fhirUser%20online_access%20user%2F%2A.rs"))
        #expect(!url.absoluteString.contains("code_challenge_method=plain"))
    }

    @Test func thePastedRedirectGivesTheCode() throws {
        #expect(try request().code(fromAnswer: "  http://127.0.0.1:8765/callback?code=abc123&state=st8\n") == "abc123")
    }

    @Test func aRedirectWithAnotherStateIsRefused() {
        #expect(throws: UserLoginError.stateMismatch) { try request().code(fromAnswer: "http://127.0.0.1:8765/callback?code=abc&state=other") }
        #expect(throws: UserLoginError.stateMismatch) { try request().code(fromAnswer: "http://127.0.0.1:8765/callback?code=abc") }
    }

    @Test func aBareCodeIsTakenAsIs() throws {
        #expect(try request().code(fromAnswer: "Qx7-_.~abc") == "Qx7-_.~abc")
    }

    @Test func aDeniedLoginSaysSo() {
        #expect(throws: UserLoginError.refused(error: "access_denied", description: nil)) {
            try request().code(fromAnswer: "http://127.0.0.1:8765/callback?error=access_denied&state=st8")
        }
        #expect(UserLoginError.refused(error: "access_denied", description: nil).description.contains("access denied"))
    }

    @Test func anEmptyAnswerOrOneWithoutACodeIsNoCode() {
        #expect(throws: UserLoginError.noCode) { try request().code(fromAnswer: "   ") }
        #expect(throws: UserLoginError.noCode) { try request().code(fromAnswer: "http://127.0.0.1:8765/callback?state=st8") }
        #expect(throws: UserLoginError.noCode) { try request().code(fromAnswer: "not a code") }
    }
}

@Suite("SMART user login: discovery")
struct UserLoginConfigurationTests {
    private func configuration(
        authorize: String? = "https://login.example.org/authorize", methods: [String] = ["S256"], grants: [String] = []
    ) -> UserLoginConfiguration {
        UserLoginConfiguration(
            authorizationEndpoint: authorize.flatMap(URL.init(string:)), tokenEndpoint: URL(string: "https://login.example.org/token"),
            codeChallengeMethods: methods, grantTypes: grants)
    }

    @Test func aServerWithCodeAndS256IsUsable() {
        #expect(configuration().missingForCodeFlow == nil)
        #expect(configuration(grants: ["authorization_code", "refresh_token"]).offeredFlows == ["authorization code + PKCE S256", "refresh tokens"])
    }

    @Test func eachMissingCapabilityIsNamedInOneLine() {
        #expect(configuration(authorize: nil).missingForCodeFlow?.contains("no authorization_endpoint") == true)
        #expect(configuration(methods: ["plain"]).missingForCodeFlow?.contains("does not offer PKCE S256 (offers: plain)") == true)
        #expect(configuration(methods: []).missingForCodeFlow?.contains("none declared") == true)
        #expect(configuration(grants: ["client_credentials"]).missingForCodeFlow?.contains("authorization code grant") == true)
        #expect(configuration(authorize: "http://login.example.org/authorize").missingForCodeFlow?.contains("plain http") == true)
        #expect(configuration(authorize: "http://127.0.0.1:9/authorize").missingForCodeFlow == nil)
        #expect(configuration().missingForCodeFlow.map { !$0.contains("\n") } ?? true)
    }

    @Test func discoveryReadsTheSMARTConfiguration() async throws {
        let smart = #"{"authorization_endpoint":"http://127.0.0.1:9/authorize","token_endpoint":"http://127.0.0.1:9/token","code_challenge_methods_supported":["S256"],"device_authorization_endpoint":"http://127.0.0.1:9/device","revocation_endpoint":"http://127.0.0.1:9/revoke"}"#
        let transport = ScriptedTransport { request, _ in
            request.url.path.hasSuffix("smart-configuration") ? fhirJSON(smart, headers: ["Content-Type": "application/json"]) : HTTPResponse(status: 404)
        }
        let found = try await FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy()).discoverUserLogin()
        #expect(found.authorizationEndpoint?.absoluteString == "http://127.0.0.1:9/authorize")
        #expect(found.deviceAuthorizationEndpoint != nil)
        #expect(found.revocationEndpoint?.absoluteString == "http://127.0.0.1:9/revoke")
        #expect(found.missingForCodeFlow == nil)
    }

    /// A token is never sent in the clear to another host, so such a revocation endpoint is as
    /// none (logout then says the server's session lasts until it expires).
    @Test func aPlainHTTPRevocationEndpointElsewhereIsIgnored() {
        let found = UserLoginConfiguration(
            authorizationEndpoint: nil, tokenEndpoint: nil, revocationEndpoint: URL(string: "http://idp.example/revoke"), codeChallengeMethods: [])
        #expect(found.revocationEndpoint == nil)
    }

    @Test func withoutSMARTConfigurationOpenIDDiscoveryIsRead() async throws {
        let openID = #"{"authorization_endpoint":"http://127.0.0.1:9/oidc/authorize","token_endpoint":"http://127.0.0.1:9/oidc/token"}"#
        let transport = ScriptedTransport { request, _ in
            request.url.path.hasSuffix("openid-configuration") ? fhirJSON(openID, headers: ["Content-Type": "application/json"]) : HTTPResponse(status: 404)
        }
        let found = try await FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy()).discoverUserLogin()
        #expect(found.tokenEndpoint?.absoluteString == "http://127.0.0.1:9/oidc/token")
        #expect(found.missingForCodeFlow?.contains("PKCE S256") == true)
    }
}
