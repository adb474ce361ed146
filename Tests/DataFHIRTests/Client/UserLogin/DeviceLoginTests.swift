@testable import DataFHIR
import Foundation
import Synchronization
import Testing

/// A clock the injected wait moves forward: polling is decided without sleeping.
final class FakeClock: Sendable {
    private let state: Mutex<(now: Date, waits: [TimeInterval])>
    init(_ start: Date) { state = Mutex((start, [])) }
    var now: Date { state.withLock { $0.now } }
    var waits: [TimeInterval] { state.withLock { $0.waits } }
    func wait(_ seconds: TimeInterval) {
        state.withLock {
            $0.waits.append(seconds)
            $0.now = $0.now.addingTimeInterval(seconds)
        }
    }
}

@Suite("SMART user login: the device authorization grant (RFC 8628)")
struct DeviceLoginTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let deviceEndpoint = URL(string: "http://127.0.0.1:9/device")!
    static let tokenEndpoint = URL(string: "http://127.0.0.1:9/token")!
    static let authorization = DeviceAuthorization(
        deviceCode: "dc1", userCode: "BCDF-GHJK", verificationURI: URL(string: "http://127.0.0.1:9/activate")!, expiresIn: 60, interval: 2)

    private static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        fhirJSON(text, status: status, headers: ["Content-Type": "application/json"])
    }

    /// The token endpoint answers `errors` in turn (nil: the tokens).
    private func login(_ errors: [String?], clock: FakeClock) -> (DeviceLogin, ScriptedTransport) {
        let transport = ScriptedTransport { request, number in
            if request.url == Self.deviceEndpoint {
                return Self.json(#"{"device_code":"dc1","user_code":"BCDF-GHJK","verification_uri":"http://127.0.0.1:9/activate","expires_in":600}"#)
            }
            if number < errors.count, let error = errors[number] { return Self.json(#"{"error":"\#(error)"}"#, status: 400) }
            return Self.json(#"{"access_token":"a1","expires_in":600,"refresh_token":"r1","token_type":"Bearer"}"#)
        }
        let client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        return (DeviceLogin(client: client, wait: { clock.wait($0) }, now: { clock.now }), transport)
    }

    @Test func pendingPollsAtTheIntervalUntilApproved() async throws {
        let clock = FakeClock(Self.start)
        let (login, transport) = login(["authorization_pending", "authorization_pending"], clock: clock)
        let session = try await login.session(for: Self.authorization, clientID: "emr", tokenEndpoint: Self.tokenEndpoint).get()
        #expect(session.accessToken == "a1")
        #expect(session.refreshToken == "r1")
        #expect(clock.waits == [2, 2, 2])
        let body = String(decoding: transport.requests[0].body ?? Data(), as: UTF8.self)
        #expect(body == "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=dc1&client_id=emr")
    }

    @Test func slowDownAddsFiveSecondsToEveryLaterPoll() async throws {
        let clock = FakeClock(Self.start)
        let (login, _) = login(["slow_down", "authorization_pending", "slow_down"], clock: clock)
        _ = try await login.session(for: Self.authorization, clientID: "emr", tokenEndpoint: Self.tokenEndpoint).get()
        #expect(clock.waits == [2, 7, 7, 12])
    }

    @Test func expiredDeniedAndOtherErrorsEndTheLoginInOneLine() async throws {
        for (error, expected) in [
            ("expired_token", UserLoginError.expired), ("access_denied", .refused(error: "access_denied", description: nil)),
            ("invalid_client", .refused(error: "invalid_client", description: nil)),
        ] {
            let clock = FakeClock(Self.start)
            let (login, transport) = login(["authorization_pending", error], clock: clock)
            let result = try await login.session(for: Self.authorization, clientID: "emr", tokenEndpoint: Self.tokenEndpoint)
            #expect(result == .failure(expected))
            #expect(transport.requests.count == 2)
        }
        #expect(UserLoginError.expired.description == "the login code expired before it was approved; nothing was stored, run 'emr login' again")
    }

    @Test func pollingStopsAtTheCodesExpiryWithoutAskingAgain() async throws {
        let clock = FakeClock(Self.start)
        let short = DeviceAuthorization(deviceCode: "dc1", userCode: "U", verificationURI: Self.authorization.verificationURI, expiresIn: 5, interval: 2)
        let (login, transport) = login(Array(repeating: "authorization_pending", count: 10), clock: clock)
        let result = try await login.session(for: short, clientID: "emr", tokenEndpoint: Self.tokenEndpoint)
        #expect(result == .failure(.expired))
        #expect(clock.waits == [2, 2])
        #expect(transport.requests.count == 2)
    }

    @Test func aCancelledWaitEndsTheLoginWithNothingAsked() async throws {
        let transport = ScriptedTransport { _, _ in Self.json(#"{"access_token":"a1"}"#) }
        let client = FHIRClient(baseURL: testBase, transport: transport, retry: SleepRecorder().policy())
        let login = DeviceLogin(client: client, wait: { _ in throw CancellationError() }, now: { Self.start })
        let result = try await login.session(for: Self.authorization, clientID: "emr", tokenEndpoint: Self.tokenEndpoint)
        #expect(result == .failure(.noAnswer))
        #expect(transport.requests.isEmpty)
    }

    @Test func theAuthorizationAnswerIsReadWithTheDefaultInterval() async throws {
        let (login, transport) = login([], clock: FakeClock(Self.start))
        let answer = try await login.start(endpoint: Self.deviceEndpoint, clientID: "emr", scope: "openid fhirUser", audience: testBase)
        #expect(answer.userCode == "BCDF-GHJK")
        #expect(answer.interval == DeviceAuthorization.defaultInterval)
        #expect(answer.verificationURIComplete == nil)
        let body = String(decoding: transport.requests[0].body ?? Data(), as: UTF8.self)
        #expect(body == "client_id=emr&scope=openid%20fhirUser&aud=http%3A%2F%2F127.0.0.1%3A9%2Ffhir")
    }

    @Test func aDeviceEndpointOnPlainHTTPToAnotherHostIsNotUsed() {
        let configuration = UserLoginConfiguration(
            authorizationEndpoint: nil, tokenEndpoint: Self.tokenEndpoint,
            deviceAuthorizationEndpoint: URL(string: "http://idp.example.org/device"), codeChallengeMethods: [])
        #expect(configuration.deviceAuthorizationEndpoint == nil)
        guard case .missing = configuration.deviceFlow else { Issue.record("offered"); return }
        let safe = UserLoginConfiguration(
            authorizationEndpoint: nil, tokenEndpoint: Self.tokenEndpoint, deviceAuthorizationEndpoint: Self.deviceEndpoint, codeChallengeMethods: [])
        #expect(safe.deviceFlow == .offered(authorization: Self.deviceEndpoint, token: Self.tokenEndpoint))
    }
}
