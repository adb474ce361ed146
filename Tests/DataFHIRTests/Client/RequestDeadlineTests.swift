@testable import DataFHIR
import Foundation
import Testing

/// A request's timeout is the whole request's, retries and their backoff included: each
/// attempt gets only what is left, and no retry starts the clock again (a 1 byte/s server held
/// a sync 65 s at `--timeout 10`: five attempts of 10 s and the backoff between them).
@Suite struct RequestDeadlineTests {
    private func client(
        _ transport: ScriptedTransport, timeout: TimeInterval, sleeps: SleepRecorder = SleepRecorder(), backoff: TimeInterval = 1
    ) -> FHIRClient {
        var retry = sleeps.policy()
        retry.baseDelay = backoff
        return FHIRClient(baseURL: testBase, transport: transport, retry: retry, timeout: timeout)
    }

    @Test func anAttemptThatTimedOutIsNotRetried() async throws {
        let sleeps = SleepRecorder()
        let transport = ScriptedTransport(delay: .milliseconds(300)) { (_, _) throws(HTTPTransportError) in throw .timedOut }
        await #expect(throws: FHIRClientError.timedOut(server: "http://127.0.0.1:9", seconds: 0.3)) {
            _ = try await client(transport, timeout: 0.3, sleeps: sleeps).get(testBase, kind: .metadata)
        }
        #expect(transport.requests.count == 1, "no second attempt of 0.3 s")
        #expect(sleeps.recorded.isEmpty, "no backoff")
    }

    @Test func aRetryGetsWhatIsLeftOfTheTimeout() async throws {
        let transport = ScriptedTransport(delay: .milliseconds(200)) { (_, number) throws(HTTPTransportError) in
            guard number > 0 else { throw .connectionLost }
            return fhirJSON(#"{"resourceType":"CapabilityStatement"}"#)
        }
        _ = try await client(transport, timeout: 3_600, backoff: 0.1).get(testBase, kind: .metadata)
        let given = transport.requests.map(\.timeout)
        #expect(given.count == 2)
        #expect(given[0] == 3_600)
        #expect(given[1] <= given[0] - 0.3, "the first attempt's 0.2 s and the 0.1 s backoff are gone")
    }

    @Test func aBackoffThatWouldOutlastTheTimeoutIsNotWaited() async throws {
        let sleeps = SleepRecorder()
        let transport = ScriptedTransport { (_, _) throws(HTTPTransportError) in throw .connectionLost }
        await #expect(throws: FHIRClientError.unreachable(server: "http://127.0.0.1:9", reason: "the connection was lost")) {
            _ = try await client(transport, timeout: 5, sleeps: sleeps).get(testBase, kind: .metadata)
        }
        #expect(sleeps.recorded == [1, 2], "a 4 s backoff after 3 s would end past the 5 s")
        #expect(transport.requests.count == 3)
    }

    @Test func aServerErrorIsNotRetriedPastTheTimeout() async throws {
        let sleeps = SleepRecorder()
        let transport = ScriptedTransport { _, _ in HTTPResponse(status: 500) }
        await #expect(throws: FHIRClientError.rejected(request: "Patient search", status: 500, issue: nil, serverDiagnostics: nil)) {
            _ = try await client(transport, timeout: 1.5, sleeps: sleeps).get(testBase, kind: .search("Patient"))
        }
        #expect(sleeps.recorded == [1])
        #expect(transport.requests.count == 2)
    }

    @Test func aWaitTheServerAskedForDoesNotCount() async throws {
        let sleeps = SleepRecorder()
        let transport = ScriptedTransport { _, number in
            number == 0 ? HTTPResponse(status: 429, headers: ["Retry-After": "3"]) : fhirJSON(#"{"resourceType":"CapabilityStatement"}"#)
        }
        _ = try await client(transport, timeout: 2, sleeps: sleeps).get(testBase, kind: .metadata)
        #expect(sleeps.recorded == [3])
        #expect(transport.requests.last.map { $0.timeout > 1.9 } == true, "the 3 s asked for are not taken from the 2 s")
    }

    /// Requests wait their turn behind the four in flight; that wait is not theirs.
    @Test func aRequestQueuedBehindOthersDoesNotTimeOutBeforeItIsSent() async throws {
        let transport = ScriptedTransport(delay: .milliseconds(300)) { (request, _) throws(HTTPTransportError) in
            guard request.timeout >= 0.3 else { throw .timedOut }
            return fhirJSON(#"{"resourceType":"CapabilityStatement"}"#)
        }
        let client = client(transport, timeout: 0.5)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { _ = try await client.get(testBase, kind: .metadata) } }
            try await group.waitForAll()
        }
        #expect(transport.requests.count == 8 && transport.peakInFlight == 4)
    }
}
