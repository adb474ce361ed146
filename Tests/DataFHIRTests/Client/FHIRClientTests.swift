@testable import DataFHIR
import Foundation
import Testing

@Suite("FHIR client: retries, errors, limits")
struct FHIRClientTests {
    /// An hour's timeout: these tests count retries, and the timeout counts the wall clock, which
    /// a loaded test run stretches (a 5 ms answer resumed seconds late took a request's retries).
    /// `RequestDeadlineTests` holds the timeout's own rules.
    private func client(_ transport: ScriptedTransport, sleeps: SleepRecorder = SleepRecorder()) -> FHIRClient {
        FHIRClient(baseURL: testBase, transport: transport, retry: sleeps.policy(), timeout: 3600)
    }

    @Test func asksForFHIRJSON() async throws {
        let transport = ScriptedTransport { _, _ in fhirJSON(searchBundle([])) }
        _ = try await client(transport).get(testBase, kind: .metadata)
        #expect(transport.requests.first?.headers["Accept"] == "application/fhir+json")
    }

    /// A server reads `+` in a query as a space: a watermark's `+01:00` offset or an MRN with
    /// a plus must reach it escaped.
    @Test func aPlusInAParameterIsEscaped() throws {
        let query = [URLQueryItem(name: "_lastUpdated", value: "gt2024-05-01T10:00:00+01:00"), URLQueryItem(name: "identifier", value: "A+7")]
        let url = client(ScriptedTransport { _, _ in fhirJSON(searchBundle([])) }).url("Patient", query: query)
        #expect(url.query == "_lastUpdated=gt2024-05-01T10:00:00%2B01:00&identifier=A%2B7")
    }

    @Test func honoursRetryAfterOn429And503() async throws {
        let sleeps = SleepRecorder()
        let transport = ScriptedTransport { _, number in
            switch number {
            case 0: HTTPResponse(status: 429, headers: ["Retry-After": "7"])
            case 1: HTTPResponse(status: 503, headers: ["Retry-After": "3"])
            default: fhirJSON(searchBundle([]))
            }
        }
        _ = try await client(transport, sleeps: sleeps).get(testBase, kind: .search("Patient"))
        #expect(sleeps.recorded == [7, 3])
        #expect(transport.requests.count == 3)
    }

    /// A server asking for an hour, or a date in 2099, is told no at once, in words the user
    /// reads; waits that together pass the limit stop at the one that would pass it.
    @Test(arguments: [
        ("3600", [TimeInterval](), "asked to wait 60 min"), ("Fri, 01 Jan 2099 00:00:00 GMT", [], "asked to wait more than a day"),
        ("100", [100], "asked to wait 100 s"),
    ])
    func aRetryAfterPastTheLimitIsNotWaitedFor(_ header: String, _ waited: [TimeInterval], _ said: String) async throws {
        let sleeps = SleepRecorder()
        let transport = ScriptedTransport { _, _ in HTTPResponse(status: 429, headers: ["Retry-After": header]) }
        do {
            _ = try await client(transport, sleeps: sleeps).get(testBase, kind: .search("Patient"))
            Issue.record("expected a refusal")
        } catch {
            guard case .throttled = error else { throw error }
            #expect(error.description.contains(said), "\(error.description)")
            #expect(error.description.contains("not waited, try again later"))
        }
        #expect(sleeps.recorded == waited)
    }

    @Test func retriesServerErrorsThreeTimesWithBackoff() async throws {
        let sleeps = SleepRecorder()
        let transport = ScriptedTransport { _, _ in HTTPResponse(status: 500) }
        await #expect(throws: FHIRClientError.rejected(request: "Patient search", status: 500, issue: nil, serverDiagnostics: nil)) {
            _ = try await client(transport, sleeps: sleeps).get(testBase, kind: .search("Patient"))
        }
        #expect(transport.requests.count == 4)
        #expect(sleeps.recorded == [1, 2, 4])
    }

    @Test func retriesNetworkFailuresFourTimesThenReportsOffline() async throws {
        let sleeps = SleepRecorder()
        let transport = ScriptedTransport { (_, _) throws(HTTPTransportError) in throw .unreachable("connection refused") }
        do {
            _ = try await client(transport, sleeps: sleeps).get(testBase, kind: .metadata)
            Issue.record("expected a failure")
        } catch {
            #expect(error.isOffline)
            #expect(error.description.contains("127.0.0.1:9"))
        }
        #expect(transport.requests.count == 5)
        #expect(sleeps.recorded == [1, 2, 4, 8])
    }

    @Test func jitterSpreadsBackoff() {
        let early = RetryPolicy(random: { 0 }).backoff(retry: 2)
        let late = RetryPolicy(random: { 0.999 }).backoff(retry: 2)
        #expect(early == 3)
        #expect(late > 4.9 && late < 5)
    }

    @Test func otherClientErrorsFailAtOnceWithTheOutcome() async throws {
        let outcome = #"{"resourceType":"OperationOutcome","issue":[{"severity":"error","code":"invalid","diagnostics":"bad param"}]}"#
        let transport = ScriptedTransport { _, _ in fhirJSON(outcome, status: 400) }
        do {
            _ = try await client(transport).get(testBase, kind: .search("Observation"))
            Issue.record("expected a failure")
        } catch {
            guard case .rejected(_, 400, "invalid", "bad param") = error else { throw error }
            #expect(!error.description.contains("bad param"), "free text stays out of the message")
        }
        #expect(transport.requests.count == 1)
    }

    @Test func forbiddenWithATokenNamesTheMissingScope() async throws {
        let transport = ScriptedTransport { _, _ in HTTPResponse(status: 403) }
        var client = client(transport)
        client.authorizer = FixedToken()
        await #expect(throws: FHIRClientError.forbidden(request: "Condition search", scope: "system/Condition.read")) {
            _ = try await client.get(testBase, kind: .search("Condition"))
        }
    }

    /// Without SMART credentials a 403 is no missing scope: the request carried no token.
    @Test func forbiddenWithoutATokenAsksForCredentials() async throws {
        let transport = ScriptedTransport { _, _ in HTTPResponse(status: 403) }
        await #expect(throws: FHIRClientError.unauthorized(request: "Condition search", reason: "the server refused it without credentials (HTTP 403)")) {
            _ = try await client(transport).get(testBase, kind: .search("Condition"))
        }
    }

    @Test(arguments: [
        HTTPResponse(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html><body>Proxy error</body></html>".utf8)),
        HTTPResponse(status: 200, headers: ["Content-Type": "application/fhir+json"], body: Data("<!DOCTYPE html><p>oops".utf8)),
        HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Data("{}".utf8)),
        HTTPResponse(status: 200, headers: ["Content-Type": "application/fhir+json"], body: Data(#"{"resourceType":"Bundle","#.utf8)),
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json", "Content-Length": "500"], body: Data("{}".utf8)),
        HTTPResponse(status: 200, headers: ["Content-Type": "application/fhir+json"], body: Data("\u{0}\u{1}garbage".utf8)),
    ])
    func unusableAnswersAreRefused(_ response: HTTPResponse) async throws {
        let transport = ScriptedTransport { _, _ in response }
        do {
            _ = try await client(transport).get(testBase, kind: .search("Patient"))
            Issue.record("expected a failure")
        } catch {
            guard case .badResponse = error else { throw error }
            #expect(error.description.contains("nothing was stored"))
        }
    }

    @Test func atMostFourRequestsInFlight() async throws {
        let transport = ScriptedTransport(delay: .milliseconds(20)) { _, _ in fhirJSON(searchBundle([])) }
        let client = client(transport)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<12 { group.addTask { _ = try await client.get(testBase, kind: .metadata) } }
            try await group.waitForAll()
        }
        #expect(transport.peakInFlight == 4)
        #expect(await client.requestsSent() == 12)
    }

    @Test func oneProbeAtATimeWhileTheServerIsDown() async throws {
        let transport = ScriptedTransport(delay: .milliseconds(5)) { (_, _) throws(HTTPTransportError) in throw .unreachable("down") }
        let client = client(transport)
        _ = try? await client.get(testBase, kind: .metadata)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<6 { group.addTask { _ = try? await client.get(testBase, kind: .metadata) } }
        }
        #expect(transport.requests.count == 35)
        #expect(transport.peakInFlight == 1)
    }
}

/// A client's token that is always the same: for what the server says to a request carrying one.
private struct FixedToken: RequestAuthorizer {
    func authorization(refused: String?) async throws(FHIRClientError) -> String { "Bearer t" }
}
