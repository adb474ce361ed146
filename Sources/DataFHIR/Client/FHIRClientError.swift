import Foundation

/// Why a request to the FHIR server failed, in the user's terms. Messages name the request
/// (method, resource type, status) and never patient data: the server's free-text
/// `diagnostics` is kept apart in `serverDiagnostics`, for the status line only.
public enum FHIRClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No answer after the retries: refused, unknown host, connection dropped.
    case unreachable(server: String, reason: String)
    case timedOut(server: String, seconds: TimeInterval)
    /// A 4xx other than 401/403/429, or a 5xx / 429 still failing after the retries.
    case rejected(request: String, status: Int, issue: String?, serverDiagnostics: String?)
    /// 401 after one token renewal, or the token endpoint refused the client.
    case unauthorized(request: String, reason: String)
    /// 403: the token lacks `scope`.
    case forbidden(request: String, scope: String)
    /// 2xx, but not FHIR JSON: HTML, wrong content type, malformed or truncated JSON.
    case badResponse(request: String, reason: String)
    /// A Bundle `next` link pointed somewhere other than the server; it was not followed.
    case foreignLink(request: String, host: String)
    /// 429 or 503 asking to come back later than the client waits (`RetryPolicy.maxRetryAfter`).
    case throttled(request: String, status: Int, seconds: TimeInterval)
    /// The server answered with a redirect to another origin; it was not followed.
    case redirected(request: String, origin: String)
    /// `/metadata` says the server cannot serve the workstation.
    case unsupportedServer(reason: String)
    /// User login: no session, or the server ended it (renewal refused); `emr login` again.
    case loginRequired(reason: String)
    /// A run of searches went past what it may fetch (`FetchBudget`): "10000 resources for 1 patient".
    case overBudget(budget: String)

    public var description: String {
        switch self {
        case .unreachable(let server, let reason):
            "cannot reach the FHIR server \(server) (\(reason)); check the address and that it is running"
        case .timedOut(let server, let seconds):
            "the FHIR server \(server) did not answer within \(Self.seconds(seconds)); try again later"
        case .rejected(let request, let status, let issue, _):
            "the FHIR server refused \(request) (HTTP \(status)\(issue.map { ", \($0)" } ?? ""))"
        case .unauthorized(let request, let reason):
            "not authorized for \(request): \(reason); check the client id and secret or key"
        case .forbidden(let request, let scope):
            "the FHIR server refused \(request): the client lacks scope \(scope); ask the server administrator to grant it"
        case .badResponse(let request, let reason):
            "unusable answer to \(request): \(reason); nothing was stored"
        case .foreignLink(let request, let host):
            "\(request): the server's next-page link points to another host (\(host)); not followed, nothing was stored"
        case .throttled(let request, let status, let seconds):
            "the FHIR server is busy (HTTP \(status)) and asked to wait \(Self.duration(seconds)) before \(request); not waited, try again later"
        case .redirected(let request, let origin):
            "\(request): the server redirected to another host (\(origin)); not followed, nothing was stored"
        case .unsupportedServer(let reason):
            "this FHIR server cannot serve the workstation: \(reason)"
        case .loginRequired(let reason):
            "not logged in to the FHIR server: \(reason); run 'emr login'"
        case .overBudget(let budget):
            "the server sent more than a sync may take (\(budget)); stopped, nothing was stored"
        }
    }

    /// Whether the server could not be reached at all (the workstation then works offline).
    public var isOffline: Bool {
        switch self {
        case .unreachable, .timedOut: true
        default: false
        }
    }

    /// "45 s", "60 min", "3 h", "more than a day": what a server asked to wait, in words a user reads.
    private static func duration(_ value: TimeInterval) -> String {
        switch value {
        case ..<120: seconds(value.rounded(.up))
        case ..<(2 * 3_600): "\(Int((value / 60).rounded(.up))) min"
        case ..<86_400: "\(Int((value / 3_600).rounded(.up))) h"
        default: "more than a day"
        }
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

extension FHIRClientError: LocalizedError {
    /// The same one line, for code that reports any error through `LocalizedError`.
    public var errorDescription: String? { description }
}
