import Foundation

/// The workstation's FHIR R4 client: async GETs of JSON documents with at most four
/// requests in flight, retries (429/503 honour `Retry-After`, other 5xx three times,
/// network failures four times, exponential backoff with jitter), one token renewal on a
/// 401, and strict checking that the answer is FHIR JSON before anyone uses it.
public struct FHIRClient: Sendable {
    public static let maxRequestsInFlight = 4
    public static let acceptedContentType = "application/fhir+json"

    /// The FHIR base, without a trailing slash (`http://127.0.0.1:8080/fhir`).
    public let baseURL: URL
    public var retry: RetryPolicy
    /// Seconds one exchange may take.
    public var timeout: TimeInterval
    public var authorizer: (any RequestAuthorizer)?
    private let transport: any HTTPTransport
    private let gate = RequestGate(maxInFlight: maxRequestsInFlight)

    public init(
        baseURL: URL, transport: any HTTPTransport = CurlTransport(), authorizer: (any RequestAuthorizer)? = nil,
        retry: RetryPolicy = RetryPolicy(), timeout: TimeInterval = 30
    ) {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        self.baseURL = URL(string: text) ?? baseURL
        self.transport = transport
        self.authorizer = authorizer
        self.retry = retry
        self.timeout = timeout
    }

    /// Requests sent so far, retries included.
    public func requestsSent() async -> Int { await gate.sent }

    /// The most requests that were in flight at once.
    public func peakRequestsInFlight() async -> Int { await gate.peakInFlight }

    /// `base/path?query`.
    public func url(_ path: String, query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty {
            components?.queryItems = query
            // URLComponents leaves `+` as is, which servers read as a space (form encoding): a
            // watermark's `+01:00` offset or an MRN with a plus would arrive changed.
            let encoded = components?.percentEncodedQuery
            components?.percentEncodedQuery = encoded?.replacingOccurrences(of: "+", with: "%2B")
        }
        return components?.url ?? baseURL
    }

    /// The server named for users: scheme, host and port, never the path or query.
    public var serverName: String {
        let port = baseURL.port.map { ":\($0)" } ?? ""
        return "\(baseURL.scheme ?? "http")://\(baseURL.host ?? "?")\(port)"
    }

    /// GETs `url` and returns its JSON, checked to be FHIR JSON from a 2xx answer.
    public func get(_ url: URL, kind: FHIRRequestKind) async throws(FHIRClientError) -> FHIRDocument {
        let request = HTTPRequest(url: url, headers: ["Accept": Self.acceptedContentType], timeout: timeout)
        let response = try await exchange(request, kind: kind)
        return try ResponseCheck(kind: kind).document(from: response)
    }

    /// Sends `request` with the retry, throttling and renewal rules; any final answer that
    /// is not a success becomes the matching `FHIRClientError`.
    ///
    /// `request.timeout` is the whole request's: every attempt gets only what is left of it,
    /// and a retry whose backoff would not end before it is not made. Retries that each had
    /// the full timeout held a 1 byte/s server's sync 65 s at `--timeout 10`. What counts is
    /// the time the request itself spends: its attempts on the network and its backoff. Not
    /// counted: a wait the server asked for (`Retry-After`, at most `retry.maxRetryAfter`), the
    /// queue behind the requests in flight, and a token renewal (a request of its own); so a
    /// search queued behind a census's others, or a test process whose tasks wait their turn,
    /// never times out before it was sent.
    func exchange(_ request: HTTPRequest, kind: FHIRRequestKind) async throws(FHIRClientError) -> HTTPResponse {
        var request = request
        var serverRetries = 0, throttledRetries = 0, networkRetries = 0
        var throttledWait: TimeInterval = 0
        var renewed = false
        let allowed = request.timeout
        var used: TimeInterval = 0
        if let authorizer { request.headers["Authorization"] = try await authorizer.authorization(refused: nil) }
        while true {
            request.timeout = allowed - used
            guard request.timeout > 0 else { throw .timedOut(server: serverName, seconds: timeout) }
            await gate.enter()
            let sent = ContinuousClock.now
            let outcome: Result<HTTPResponse, HTTPTransportError>
            do {
                outcome = .success(try await transport.send(request))
            } catch {
                outcome = .failure(error)
            }
            used += (ContinuousClock.now - sent).timeInterval
            await gate.leave(serverAnswered: (try? outcome.get()) != nil)
            let response: HTTPResponse
            switch outcome {
            case .failure(.tooLarge(let limit)):
                // Asking again would only read as much again.
                throw .badResponse(request: kind.description, reason: "the answer passed \(Self.megabytes(limit)); stopped reading it")
            case .failure(let error):
                // A timed-out attempt had all that was left.
                let wait = retry.backoff(retry: networkRetries)
                guard error != .timedOut, networkRetries < retry.networkRetries, used + wait < allowed, !Task.isCancelled else {
                    throw offline(error)
                }
                await retry.sleep(wait)
                used += wait
                networkRetries += 1
                continue
            case .success(let answer):
                response = answer
            }
            let status = response.status
            if (200...299).contains(status) { return response }
            if status == 401, let authorizer, !renewed {
                renewed = true
                request.headers["Authorization"] = try await authorizer.authorization(refused: request.headers["Authorization"])
            } else if status == 429 || status == 503, throttledRetries < retry.throttledRetries {
                let asked = retry.retryAfter(response.header("Retry-After"))
                let wait = asked ?? retry.backoff(retry: throttledRetries)
                guard throttledWait + wait <= retry.maxRetryAfter else {
                    throw .throttled(request: kind.description, status: status, seconds: asked ?? wait)
                }
                await retry.sleep(wait)
                throttledWait += wait
                throttledRetries += 1
            } else if (500...599).contains(status), status != 503, serverRetries < retry.serverErrorRetries,
                      case let wait = retry.backoff(retry: serverRetries), used + wait < allowed {
                await retry.sleep(wait)
                used += wait
                serverRetries += 1
            } else {
                if status == 401, let authorizer { await authorizer.refusedAfterRenewal() }
                throw ResponseCheck(kind: kind).failure(for: response, authorized: authorizer != nil)
            }
        }
    }

    private func offline(_ error: HTTPTransportError) -> FHIRClientError {
        switch error {
        case .timedOut: .timedOut(server: serverName, seconds: timeout)
        case .connectionLost: .unreachable(server: serverName, reason: "the connection was lost")
        case .unreachable(let reason): .unreachable(server: serverName, reason: reason)
        case .tooLarge(let limit): .unreachable(server: serverName, reason: "an answer passed \(Self.megabytes(limit))")
        }
    }

    static func megabytes(_ bytes: Int) -> String { "\(bytes >> 20) MB" }
}
