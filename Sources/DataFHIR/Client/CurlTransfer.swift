@preconcurrency import CCurl
import Foundation
import Synchronization

/// One HTTP request and its answer on a libcurl easy handle, performed to its end on the
/// calling thread (`perform` blocks). Everything that bounds it is enforced inside libcurl's
/// loop, where the bytes arrive, not after them: the answer (headers and decoded body) stops
/// at `limit` bytes because the write callback refuses the chunk that would pass it; the whole
/// exchange, connecting and a server that drips included, ends at `seconds`
/// (`CURLOPT_TIMEOUT_MS`); and `cancel` from any thread stops it within libcurl's next
/// progress call. Redirects are not followed here (`CurlTransport` decides).
final class CurlTransfer: @unchecked Sendable {
    /// What came back: the status, headers and body of the final answer, and for a redirect
    /// where its `Location` leads (resolved against the request's URL).
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data
        var redirect: URL?
    }

    private let request: HTTPRequest
    private let seconds: TimeInterval
    private let body: ResponseBuffer
    private var headers: [String: String] = [:]
    private var isOverLimit = false
    private let isCancelled = Atomic<Bool>(false)

    init(_ request: HTTPRequest, seconds: TimeInterval, limit: Int) {
        self.request = request
        self.seconds = seconds
        body = ResponseBuffer(limit: limit)
    }

    /// Stops the transfer, from any thread; `perform` then fails with `.cancelled`.
    func cancel() {
        isCancelled.store(true, ordering: .relaxed)
    }

    enum Failure: Error {
        case curl(CURLcode)
        case tooLarge
        case cancelled
    }

    /// Runs the exchange on `handle` (fresh from `curl_easy_init` or reset), blocking until it ends.
    func perform(on handle: UnsafeMutableRawPointer) -> Result<Answer, Failure> {
        guard !isCancelled.load(ordering: .relaxed) else { return .failure(.cancelled) }
        var list: UnsafeMutablePointer<curl_slist>?
        // No `Expect: 100-continue` wait before a body: the answer would lose a second to it.
        // Line breaks are taken out: a token the server sent cannot add headers of its own.
        for line in request.headers.map({ "\($0.key): \($0.value)" }) + ["Expect:"] {
            list = curl_slist_append(list, line.filter { !$0.isNewline })
        }
        defer { curl_slist_free_all(list) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        var code = request.url.absoluteString.withCString { url in
            var code = emr_curl_set_string(handle, CURLOPT_URL, url)
            code = code.or(emr_curl_set_list(handle, CURLOPT_HTTPHEADER, list))
            code = code.or(configure(handle, context: context))
            guard code == CURLE_OK else { return code }
            return withBody(handle) { curl_easy_perform(handle) }
        }
        if isOverLimit { return .failure(.tooLarge) }
        if code == CURLE_ABORTED_BY_CALLBACK, isCancelled.load(ordering: .relaxed) { return .failure(.cancelled) }
        if code == CURLE_FILESIZE_EXCEEDED { return .failure(.tooLarge) }
        guard code == CURLE_OK else { return .failure(.curl(code)) }
        var status = 0
        var location: UnsafeMutablePointer<CChar>?
        code = emr_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        _ = emr_curl_get_string(handle, CURLINFO_REDIRECT_URL, &location)
        guard code == CURLE_OK else { return .failure(.curl(code)) }
        let redirect = location.flatMap { URL(string: String(cString: $0)) }
        return .success(Answer(status: status, headers: headers, body: body.take(), redirect: redirect))
    }

    /// The options every exchange has: the bounds, the callbacks, plain HTTP(S) only, any
    /// compression libcurl can inflate (it inflates in small steps, so what the write callback
    /// counts is the inflated body: a gzip bomb stops at the limit like any other answer).
    private func configure(_ handle: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer) -> CURLcode {
        var code = emr_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        code = code.or(emr_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
        code = code.or(emr_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0))
        code = code.or(emr_curl_set_long(handle, CURLOPT_TIMEOUT_MS, max(1, Int(seconds * 1000))))
        code = code.or(emr_curl_set_size(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(body.limit)))
        code = code.or(emr_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, ""))
        code = code.or(emr_curl_set_write(handle, CURLOPT_WRITEFUNCTION, Self.onBody))
        code = code.or(emr_curl_set_pointer(handle, CURLOPT_WRITEDATA, context))
        code = code.or(emr_curl_set_write(handle, CURLOPT_HEADERFUNCTION, Self.onHeader))
        code = code.or(emr_curl_set_pointer(handle, CURLOPT_HEADERDATA, context))
        code = code.or(emr_curl_set_progress(handle, Self.onProgress))
        code = code.or(emr_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context))
        return code.or(emr_curl_set_long(handle, CURLOPT_NOPROGRESS, 0))
    }

    /// The method and the request body (kept alive while `perform` runs).
    private func withBody(_ handle: UnsafeMutableRawPointer, _ perform: () -> CURLcode) -> CURLcode {
        switch (request.method, request.body) {
        case ("GET", nil):
            return emr_curl_set_long(handle, CURLOPT_HTTPGET, 1).or(perform())
        case (let method, nil):
            return emr_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, method).or(perform())
        case (let method, let data?):
            // libcurl sends a body with POSTFIELDS; another method is then named as such.
            let named = method == "POST" ? CURLE_OK : emr_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, method)
            // One byte more than sent, so even an empty body has an address: without one
            // libcurl would read the body from stdin.
            var bytes = [UInt8](data)
            bytes.append(0)
            return named.or(bytes.withUnsafeMutableBytes { buffer in
                emr_curl_set_size(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(data.count))
                    .or(emr_curl_set_pointer(handle, CURLOPT_POSTFIELDS, buffer.baseAddress))
                    .or(perform())
            })
        }
    }

    private static let onBody: curl_write_callback = { bytes, size, count, context in
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        guard transfer.body.append(UnsafeRawBufferPointer(start: bytes, count: length)) else {
            transfer.isOverLimit = true
            return 0
        }
        return length
    }

    /// Each header line of each answer (an interim `100 Continue` included): a status line
    /// starts the headers afresh. Headers count against the limit like the body.
    private static let onHeader: curl_write_callback = { bytes, size, count, context in
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        guard transfer.body.countHeader(length) else {
            transfer.isOverLimit = true
            return 0
        }
        let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            transfer.headers = [:]
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            transfer.headers[name] = transfer.headers[name].map { "\($0), \(value)" } ?? value
        }
        return length
    }

    private static let onProgress: curl_xferinfo_callback = { context, _, _, _, _ in
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
        return transfer.isCancelled.load(ordering: .relaxed) ? 1 : 0
    }
}

private extension CURLcode {
    /// The first failure of a chain of set-up calls.
    func or(_ next: @autoclosure () -> CURLcode) -> CURLcode {
        self == CURLE_OK ? next() : self
    }
}
