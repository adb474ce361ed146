@testable import DataFHIR
import Foundation
import Synchronization

/// A transport answering from a script instead of a network; it records every request and
/// how many were in flight together.
final class ScriptedTransport: HTTPTransport {
    typealias Answer = @Sendable (HTTPRequest, Int) throws(HTTPTransportError) -> HTTPResponse
    private let answer: Answer
    private let state = Mutex<(requests: [HTTPRequest], inFlight: Int, peak: Int)>(([], 0, 0))
    private let delay: Duration

    /// `answer` gets the request and its 0-based number.
    init(delay: Duration = .zero, _ answer: @escaping Answer) {
        self.answer = answer
        self.delay = delay
    }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }
    var peakInFlight: Int { state.withLock { $0.peak } }

    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        let number = state.withLock { state in
            state.requests.append(request)
            state.inFlight += 1
            state.peak = max(state.peak, state.inFlight)
            return state.requests.count - 1
        }
        if delay > .zero { try? await Task.sleep(for: delay) }
        defer { state.withLock { $0.inFlight -= 1 } }
        return try answer(request, number)
    }
}

/// Records the waits a retry policy asks for instead of sleeping.
final class SleepRecorder: Sendable {
    private let waits = Mutex<[TimeInterval]>([])
    var recorded: [TimeInterval] { waits.withLock { $0 } }

    func policy() -> RetryPolicy {
        RetryPolicy(sleep: { seconds in self.waits.withLock { $0.append(seconds) } }, random: { 0.5 })
    }
}

let testBase = URL(string: "http://127.0.0.1:9/fhir")!

func fhirJSON(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": "application/fhir+json"].merging(headers) { _, new in new }, body: Data(text.utf8))
}

func searchBundle(_ entries: [String], next: String? = nil, lastUpdated: String = "2024-05-01T10:00:00Z") -> String {
    let link = next.map { #","link":[{"relation":"next","url":"\#($0)"}]"# } ?? ""
    let items = entries.map { #"{"resource":\#($0)}"# }.joined(separator: ",")
    return #"{"resourceType":"Bundle","type":"searchset","meta":{"lastUpdated":"\#(lastUpdated)"}\#(link),"entry":[\#(items)]}"#
}

func patientJSON(_ id: String) -> String {
    #"{"resourceType":"Patient","id":"\#(id)","name":[{"family":"Test","given":["Pat"]}],"gender":"female","birthDate":"1970-01-01"}"#
}
