import DataFHIR
import Foundation
import Synchronization

/// A FHIR server in memory: it keeps PUT resources by path and answers a GET with what it
/// keeps there, logs every request, and answers the n-th request (0-based) with
/// `fault(n, request)` when that gives one.
final class FakeFHIRServer: HTTPTransport {
    enum Fault {
        /// An OperationOutcome with this status and, when given, `diagnostics`.
        case status(Int, diagnostics: String? = nil)
        /// No answer at all.
        case unreachable
    }

    private let state = Mutex<(stored: [String: Data], requests: [HTTPRequest])>(([:], []))
    private let fault: @Sendable (Int, HTTPRequest) -> Fault?

    init(fault: @escaping @Sendable (Int, HTTPRequest) -> Fault? = { _, _ in nil }) {
        self.fault = fault
    }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }
    var stored: [String: Data] { state.withLock { $0.stored } }

    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        let answer = state.withLock { state -> Fault? in
            state.requests.append(request)
            if let fault = fault(state.requests.count - 1, request) { return fault }
            if request.method == "GET" { return state.stored[request.url.path] == nil ? .status(404) : nil }
            state.stored[request.url.path] = request.body
            return nil
        }
        switch answer {
        case .unreachable?:
            throw .unreachable("connection refused")
        case .status(let status, let diagnostics)?:
            let issue = diagnostics.map { #","issue":[{"severity":"error","code":"invalid","diagnostics":"\#($0)"}]"# } ?? ""
            return HTTPResponse(status: status, headers: ["Content-Type": "application/fhir+json"],
                                body: Data(#"{"resourceType":"OperationOutcome"\#(issue)}"#.utf8))
        case nil:
            let body = request.method == "GET" ? stored[request.url.path] : request.body
            return HTTPResponse(status: 200, headers: ["Content-Type": "application/fhir+json"], body: body ?? Data())
        }
    }
}
