@preconcurrency import CCurl
import Foundation

/// The production transport: Debian's libcurl, driven directly. URLSession (libcurl under
/// FoundationNetworking) read ahead of its delegate, so neither the size limit nor the deadline
/// held at line speed: an endless body grew `emr sync` to 8 GB at a 64 MB limit, a gzip bomb
/// to 1.4 GB, and a 70 MB answer sent slowly was still being read at 480 s. Here the bounds
/// sit in libcurl's own loop (`CurlTransfer`): an answer is read up to `maxResponseBytes`
/// (headers and inflated body) and no further, and the request's `timeout` is one deadline
/// for the whole exchange, connecting, redirects and a dripping server included.
///
/// No cookies, no cache. Compressed answers are asked for and inflated. A redirect is followed
/// only within the same origin (scheme, host and port): the token, the client's credentials
/// and the query never go to another host; a redirect elsewhere comes back as the 3xx it is.
public struct CurlTransport: HTTPTransport {
    /// Far above a real page (a 100-resource search page is well under 1 MB).
    public static let defaultMaxResponseBytes = 64 << 20
    /// Redirects one request may take before they count as a loop.
    static let maxRedirects = 10

    private let limit: Int
    private let handles = CurlHandles()

    public init(maxResponseBytes: Int = defaultMaxResponseBytes) {
        limit = maxResponseBytes
    }

    public func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(request.timeout * 1000))
        var current = request
        for _ in 0...Self.maxRedirects {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { throw .timedOut }
            let answer = try await exchange(current, seconds: left.timeInterval)
            guard (300...399).contains(answer.status), let target = answer.redirect, Origin(target) == Origin(request.url) else {
                return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body)
            }
            current = Self.request(current, redirectedTo: target, status: answer.status)
        }
        throw .unreachable("the server redirected in a loop")
    }

    /// One transfer on a thread of its own (libcurl blocks), never on the task pool's; a
    /// cancelled task stops it.
    private func exchange(_ request: HTTPRequest, seconds: TimeInterval) async throws(HTTPTransportError) -> CurlTransfer.Answer {
        let transfer = CurlTransfer(request, seconds: seconds, limit: limit)
        let handles = handles
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<CurlTransfer.Answer, CurlTransfer.Failure>, Never>) in
                Thread {
                    guard let handle = handles.take() else { return continuation.resume(returning: .failure(.curl(CURLE_FAILED_INIT))) }
                    let outcome = transfer.perform(on: handle)
                    handles.giveBack(handle)
                    continuation.resume(returning: outcome)
                }.start()
            }
        } onCancel: {
            transfer.cancel()
        }
        switch outcome {
        case .success(let answer): return answer
        case .failure(let failure): throw error(failure)
        }
    }

    /// The request a redirect asks for, as browsers and URLSession make it: 303, and 301/302
    /// after a POST, become a GET without the body; 307 and 308 repeat the request as it was.
    private static func request(_ request: HTTPRequest, redirectedTo url: URL, status: Int) -> HTTPRequest {
        var next = request
        next.url = url
        if status == 303 || (request.method == "POST" && (status == 301 || status == 302)) {
            next.method = "GET"
            next.body = nil
        }
        return next
    }

    private func error(_ failure: CurlTransfer.Failure) -> HTTPTransportError {
        switch failure {
        case .tooLarge: return .tooLarge(limit: limit)
        case .cancelled: return .unreachable("the request was cancelled")
        case .curl(let code): return Self.error(code)
        }
    }

    private static func error(_ code: CURLcode) -> HTTPTransportError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_COULDNT_CONNECT: .unreachable("connection refused")
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .unreachable("host not found")
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR: .connectionLost
        case CURLE_PARTIAL_FILE, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            .unreachable("the answer broke off or was malformed")
        // HTTP/0.9 (a line that is not HTTP) is refused as an unsupported protocol.
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY: .unreachable("the answer was not HTTP")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_CRL_BADFILE:
            .unreachable("the TLS connection failed (check the server's certificate)")
        case CURLE_OUT_OF_MEMORY, CURLE_FAILED_INIT: .unreachable("out of memory")
        default: .unreachable("the connection failed (\(String(cString: curl_easy_strerror(code))))")
        }
    }
}
