import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The production transport: URLSession (libcurl underneath on Linux), which asks for and
/// inflates gzip by itself. No cookies, no cache: every answer comes from the server. A
/// redirect is followed only within the same origin (scheme, host and port): the token and the
/// query never go to another host; a redirect elsewhere comes back as the 3xx it is. An answer
/// is read up to `maxResponseBytes` and no further: an endless body cannot fill the memory of
/// a ward server that runs forty sessions.
public struct URLSessionTransport: HTTPTransport {
    /// Far above a real page (a 100-resource search page is well under 1 MB).
    public static let defaultMaxResponseBytes = 64 << 20

    private let session: URLSession
    private let exchanges: SessionExchanges

    public init(maxResponseBytes: Int = defaultMaxResponseBytes) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = FHIRClient.maxRequestsInFlight
        exchanges = SessionExchanges(limit: maxResponseBytes)
        session = URLSession(configuration: configuration, delegate: exchanges, delegateQueue: nil)
    }

    public func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await exchange(urlRequest, deadline: request.timeout)
        } catch let error as URLError {
            throw Self.transportError(error)
        } catch let error as HTTPTransportError {
            throw error
        } catch {
            throw .unreachable("the request failed")
        }
        guard let http = response as? HTTPURLResponse else { throw .unreachable("the answer was not HTTP") }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// The exchange, cancelled when `deadline` seconds pass: URLSession's own timeout on
    /// Linux only counts idle time, so a server that trickles or stalls could hold a sync forever.
    private func exchange(_ request: URLRequest, deadline: TimeInterval) async throws -> (Data, URLResponse) {
        let session = session
        let exchanges = exchanges
        return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
            group.addTask { try await Self.data(for: request, in: session, exchanges: exchanges) }
            group.addTask {
                try await Task.sleep(for: .seconds(deadline))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let answer = first else { throw URLError(.timedOut) }
            return answer
        }
    }

    /// `URLSession.data(for:)`, but safe to cancel. On Linux, cancelling that call runs
    /// `URLSessionTask.cancel()` inside the cancellation handler, which waits on the session's
    /// queue while that queue may be resuming the same task: a deadlock (seen when one search
    /// of a sync failed and its siblings were cancelled). Here the cancel is sent from another
    /// thread, so the handler never waits.
    private static func data(
        for request: URLRequest, in session: URLSession, exchanges: SessionExchanges
    ) async throws -> (Data, URLResponse) {
        let running = RunningTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                exchanges.register(task, continuation)
                running.start(task)
            }
        } onCancel: {
            DispatchQueue.global().async { running.cancel() }
        }
    }

    private static func transportError(_ error: URLError) -> HTTPTransportError {
        switch error.code {
        case .timedOut: .timedOut
        case .networkConnectionLost: .connectionLost
        case .cannotConnectToHost: .unreachable("connection refused")
        case .cannotFindHost, .dnsLookupFailed: .unreachable("host not found")
        case .httpTooManyRedirects, .redirectToNonExistentLocation: .unreachable("the server redirected in a loop")
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData, .unknown:
            // libcurl's "-1": among others, a body shorter than the length the server announced.
            .unreachable("the answer broke off or was malformed")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
             .serverCertificateHasUnknownRoot, .clientCertificateRejected, .clientCertificateRequired:
            .unreachable("the TLS connection failed (check the server's certificate)")
        case .notConnectedToInternet: .unreachable("this machine has no network")
        case .unsupportedURL:
            // The address is checked to be http(s) before any request; on Linux this is libcurl
            // refusing an answer that is not HTTP at all ("HTTP/0.9").
            .unreachable("the answer was not HTTP")
        case .zeroByteResource: .unreachable("the server sent an empty answer")
        default: .unreachable("the connection failed (URL error \(error.code.rawValue))")
        }
    }
}

/// The data task of one exchange, so a cancellation that arrives before or after it starts
/// still reaches it exactly as it should.
private final class RunningTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = isCancelled
        lock.unlock()
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let task = task
        lock.unlock()
        task?.cancel()
    }
}

/// The session's delegate: collects each exchange's answer up to the size limit, and follows a
/// redirect only to the origin the request was sent to (a server moving a path), never to
/// another: that would hand another host the bearer token, the client assertion or the query.
/// A refused redirect completes the task with the 3xx answer itself.
private final class SessionExchanges: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Exchange {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>
        var data = Data()
        var response: URLResponse?
        var isTooLarge = false
    }

    private let limit: Int
    private let lock = NSLock()
    /// By task identifier; every access under `lock`, from the session's queue and the caller's.
    private var exchanges: [Int: Exchange] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    func register(_ task: URLSessionTask, _ continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        lock.withLock { exchanges[task.taskIdentifier] = Exchange(continuation: continuation) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.withLock { exchanges[dataTask.taskIdentifier]?.response = response }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = lock.withLock { () -> Bool in
            guard var exchange = exchanges[dataTask.taskIdentifier], !exchange.isTooLarge else { return false }
            if exchange.data.count + data.count > limit {
                exchange.isTooLarge = true
                exchange.data = Data()
            } else {
                exchange.data.append(data)
            }
            exchanges[dataTask.taskIdentifier] = exchange
            return exchange.isTooLarge
        }
        // Stop reading; the task completes (cancelled) and reports the limit.
        if overLimit { DispatchQueue.global().async { dataTask.cancel() } }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = lock.withLock({ exchanges.removeValue(forKey: task.taskIdentifier) }) else { return }
        if exchange.isTooLarge {
            exchange.continuation.resume(throwing: HTTPTransportError.tooLarge(limit: limit))
        } else if let error {
            exchange.continuation.resume(throwing: error)
        } else if let response = exchange.response ?? task.response {
            exchange.continuation.resume(returning: (exchange.data, response))
        } else {
            exchange.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let from = task.originalRequest?.url
        completionHandler(from.map { Origin($0) } == request.url.map { Origin($0) } ? request : nil)
    }
}

/// Scheme, host and port: what a redirect must keep to be followed.
struct Origin: Equatable, CustomStringConvertible {
    let scheme: String
    let host: String
    let port: Int?

    init(_ url: URL) {
        scheme = url.scheme?.lowercased() ?? ""
        host = url.host?.lowercased() ?? ""
        port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }

    var description: String {
        let defaultPort = (scheme == "https" && port == 443) || (scheme == "http" && port == 80)
        return "\(scheme)://\(host)" + (port.map { defaultPort ? "" : ":\($0)" } ?? "")
    }
}
