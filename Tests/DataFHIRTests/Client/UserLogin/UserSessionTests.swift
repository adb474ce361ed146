@testable import DataFHIR
import Foundation
import Synchronization
import Testing

/// A session store in memory, standing in for the encrypted cache.
final class MemorySessionStore: UserSessionStore {
    let session: Mutex<UserSession?>
    init(_ session: UserSession?) { self.session = Mutex(session) }
    func load() -> UserSession? { session.withLock { $0 } }
    func save(_ value: UserSession) { session.withLock { $0 = value } }
    func remove() { session.withLock { $0 = nil } }
}

@Suite("SMART user login: the session and its renewal")
struct UserSessionTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let tokenEndpoint = URL(string: "http://127.0.0.1:9/token")!

    static func session(expiresIn seconds: TimeInterval, refresh: String? = "r1", idToken: String? = nil) -> UserSession {
        UserSession(
            clientID: "emr", tokenEndpoint: tokenEndpoint, accessToken: "a1", expiresAt: start.addingTimeInterval(seconds), refreshToken: refresh,
            idToken: idToken)
    }

    /// A token endpoint renewing to `a2` (or answering `tokenStatus`), and a FHIR server answering `fhir`.
    private func server(
        tokenStatus: Int = 200, fhir: @escaping @Sendable (HTTPRequest) -> HTTPResponse = { _ in fhirJSON(searchBundle([])) }
    ) -> ScriptedTransport {
        ScriptedTransport { request, _ in
            if request.url.path == "/token" {
                return tokenStatus == 200
                    ? fhirJSON(#"{"access_token":"a2","expires_in":600,"token_type":"Bearer"}"#, headers: ["Content-Type": "application/json"])
                    : fhirJSON(#"{"error":"invalid_grant"}"#, status: tokenStatus, headers: ["Content-Type": "application/json"])
            }
            return fhir(request)
        }
    }

    private func client(_ transport: ScriptedTransport, store: MemorySessionStore) -> FHIRClient {
        var client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        client.authorizer = UserSessionAuthorizer(endpoint: UserTokenEndpoint(client: client, now: { Self.start }), store: store, now: { Self.start })
        return client
    }

    @Test func renewalIsDueFromAMinuteBeforeExpiry() {
        #expect(!Self.session(expiresIn: 61).needsRenewal(now: Self.start))
        #expect(Self.session(expiresIn: 59).needsRenewal(now: Self.start))
        #expect(Self.session(expiresIn: -5).needsRenewal(now: Self.start))
    }

    @Test func aSessionIsUsableWhileItsTokenLivesOrARefreshTokenCanRenewIt() {
        #expect(Self.session(expiresIn: 600, refresh: nil).isUsable(now: Self.start))
        #expect(Self.session(expiresIn: -5).isUsable(now: Self.start))
        #expect(!Self.session(expiresIn: -5, refresh: nil).isUsable(now: Self.start))
    }

    /// A server that says when its refresh token ends (`refresh_expires_in`, as Keycloak
    /// does): past that, the session is over by the clock, whatever a sync last said.
    @Test func aRefreshTokenPastItsAnnouncedEndCannotRenew() {
        var session = Self.session(expiresIn: -5)
        session.refreshExpiresAt = Self.start.addingTimeInterval(10)
        #expect(session.isUsable(now: Self.start))
        #expect(!session.isUsable(now: Self.start.addingTimeInterval(10)))
        session.expiresAt = Self.start.addingTimeInterval(600)
        #expect(session.isUsable(now: Self.start.addingTimeInterval(10)), "its access token still lives")
    }

    @Test func theRefreshTokensEndIsReadFromTheTokenAnswerAndKeptWithIt() async throws {
        let transport = ScriptedTransport { request, _ in
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            let answer = body.contains("grant_type=refresh_token")
                ? #"{"access_token":"a3","expires_in":600}"#
                : #"{"access_token":"a2","expires_in":600,"refresh_token":"r2","refresh_expires_in":1800}"#
            return fhirJSON(answer, headers: ["Content-Type": "application/json"])
        }
        let client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        let endpoint = UserTokenEndpoint(client: client, now: { Self.start })
        let request = AuthorizationRequest(
            endpoint: Self.tokenEndpoint, clientID: "emr", redirectURI: URL(string: "http://127.0.0.1:8765/callback")!, scope: "openid",
            state: "s", audience: testBase, pkce: PKCE(verifier: "v", sha256: { $0 }))
        let session = try await endpoint.redeem(code: "c", request: request, tokenEndpoint: Self.tokenEndpoint)
        #expect(session.refreshExpiresAt == Self.start.addingTimeInterval(1800))
        let renewed = try await endpoint.refresh(session)
        #expect(renewed.refreshToken == "r2" && renewed.refreshExpiresAt == session.refreshExpiresAt, "the same refresh token, the same end")
    }

    @Test func theUserOfRecordIsTheIdTokensFHIRUser() {
        let claims = Base64URL.encode(Data(#"{"sub":"nurse","fhirUser":"Practitioner/p1"}"#.utf8))
        #expect(Self.session(expiresIn: 600, idToken: "eyJhbGciOiJSUzI1NiJ9.\(claims).sig").fhirUser == "Practitioner/p1")
        #expect(Self.session(expiresIn: 600, idToken: "garbage").fhirUser == nil)
    }

    @Test func aLiveTokenIsUsedAsIs() async throws {
        let transport = server()
        let store = MemorySessionStore(Self.session(expiresIn: 600))
        _ = try await client(transport, store: store).get(testBase, kind: .search("Patient"))
        #expect(transport.requests.map(\.url.path) == ["/fhir"])
        #expect(transport.requests[0].headers["Authorization"] == "Bearer a1")
    }

    @Test func aTokenAboutToExpireIsRenewedWithTheRefreshTokenFirst() async throws {
        let transport = server()
        let store = MemorySessionStore(Self.session(expiresIn: 30))
        _ = try await client(transport, store: store).get(testBase, kind: .search("Patient"))
        let renewal = try #require(transport.requests.first)
        #expect(String(decoding: renewal.body ?? Data(), as: UTF8.self) == "grant_type=refresh_token&refresh_token=r1&client_id=emr")
        #expect(transport.requests.last?.headers["Authorization"] == "Bearer a2")
        // The renewed session is stored; the refresh token the answer left out is kept.
        #expect(store.load()?.accessToken == "a2")
        #expect(store.load()?.refreshToken == "r1")
        #expect(store.load()?.expiresAt == Self.start.addingTimeInterval(600))
    }

    /// `invalid_grant` (RFC 6749 5.2): the refresh token expired or was revoked. The session
    /// is dropped and the one line says it ended at the server, so the user logs in again.
    @Test func aRefusedRenewalDropsTheSessionAndAsksForLogin() async {
        let transport = server(tokenStatus: 400)
        let store = MemorySessionStore(Self.session(expiresIn: 30))
        await #expect(throws: FHIRClientError.loginRequired(reason: "the server ended the session (its refresh token expired or was revoked)")) {
            try await client(transport, store: store).get(testBase, kind: .search("Patient"))
        }
        #expect(store.load() == nil)
    }

    /// RFC 7009: the refresh token goes to the revocation endpoint (which ends the access
    /// tokens issued with it), named as such, from the public client.
    @Test func revocationSendsTheRefreshToken() async throws {
        let endpoint = URL(string: "http://127.0.0.1:9/revoke")!
        let transport = ScriptedTransport { _, _ in HTTPResponse(status: 200) }
        let client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        try await UserTokenEndpoint(client: client).revoke(Self.session(expiresIn: 600), at: endpoint)
        let sent = try #require(transport.requests.first)
        #expect(sent.url == endpoint && sent.method == "POST")
        #expect(String(decoding: sent.body ?? Data(), as: UTF8.self) == "token=r1&token_type_hint=refresh_token&client_id=emr")
    }

    @Test func anExpiredSessionWithoutRefreshTokenAsksForLogin() async {
        let store = MemorySessionStore(Self.session(expiresIn: -1, refresh: nil))
        await #expect(throws: FHIRClientError.loginRequired(reason: "the session expired and cannot be renewed")) {
            try await client(server(), store: store).get(testBase, kind: .search("Patient"))
        }
        #expect(store.load() == nil)
    }

    @Test func a401ThatRenewalCannotFixDropsTheSession() async {
        let transport = server { _ in HTTPResponse(status: 401) }
        let store = MemorySessionStore(Self.session(expiresIn: 600))
        await #expect(throws: FHIRClientError.self) { try await client(transport, store: store).get(testBase, kind: .search("Patient")) }
        #expect(transport.requests.filter { $0.url.path == "/token" }.count == 1)
        #expect(store.load() == nil)
    }

    @Test func anUnreachableTokenEndpointKeepsTheSession() async {
        let transport = ScriptedTransport { _, _ throws(HTTPTransportError) in throw .unreachable("refused") }
        let store = MemorySessionStore(Self.session(expiresIn: 30))
        await #expect(throws: FHIRClientError.self) { try await client(transport, store: store).get(testBase, kind: .search("Patient")) }
        #expect(store.load()?.accessToken == "a1")
    }

    /// The workstation logs its user in again while its client still holds the dead session:
    /// the next request uses the new login, neither renewing the old session nor dropping the
    /// new one with it.
    @Test func aLoginStoredMeanwhileReplacesTheDeadSession() async throws {
        let transport = server(tokenStatus: 400)
        let store = MemorySessionStore(Self.session(expiresIn: -1, refresh: nil))
        let client = client(transport, store: store)
        await #expect(throws: FHIRClientError.self) { try await client.get(testBase, kind: .search("Patient")) }
        var fresh = Self.session(expiresIn: 600, refresh: "r2")
        fresh.accessToken = "b1"
        store.save(fresh)
        _ = try await client.get(testBase, kind: .search("Patient"))
        #expect(transport.requests.map(\.url.path) == ["/fhir"])
        #expect(transport.requests.last?.headers["Authorization"] == "Bearer b1")
        #expect(store.load() == fresh)
    }

    /// Same while the old session was still in memory (expired by the clock, never refused):
    /// the stored login wins over renewing the old one.
    @Test func aLoginStoredWhileTheOldSessionWasHeldIsUsedInsteadOfRenewing() async throws {
        let transport = server(tokenStatus: 400)
        let store = MemorySessionStore(Self.session(expiresIn: 600))
        let now = Mutex(Self.start)
        var client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        client.authorizer = UserSessionAuthorizer(endpoint: UserTokenEndpoint(client: client), store: store, now: { now.withLock { $0 } })
        _ = try await client.get(testBase, kind: .search("Patient"))
        now.withLock { $0 = Self.start.addingTimeInterval(3600) }
        var fresh = Self.session(expiresIn: 7200, refresh: "r2")
        fresh.accessToken = "b1"
        store.save(fresh)
        _ = try await client.get(testBase, kind: .search("Patient"))
        #expect(transport.requests.map(\.url.path) == ["/fhir", "/fhir"], "no renewal of the old session")
        #expect(transport.requests.last?.headers["Authorization"] == "Bearer b1")
        #expect(store.load() == fresh)
    }

    @Test func noSessionAsksForLogin() async {
        await #expect(throws: FHIRClientError.loginRequired(reason: "no one is logged in to this server")) {
            try await client(server(), store: MemorySessionStore(nil)).get(testBase, kind: .search("Patient"))
        }
    }
}
