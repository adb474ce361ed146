/// The head of an HTTP/1.1 request as the hooks listener reads it: the request line and the
/// headers, nothing more. Strict, because only a FHIR server's rest-hook client should be
/// talking to it: a line without its colon, a method or version it does not know, or a
/// `Transfer-Encoding` (the body's length must be said up front) fail the read.
struct HTTPRequestHead: Equatable {
    var method: String
    var target: String
    /// Names lower-cased; a repeated header keeps its first value.
    var headers: [String: String]

    /// The most bytes a head may take, blank line included.
    static let maxBytes = 8_192

    /// `Content-Length` as a count; nil when missing or not a number.
    var contentLength: Int? { headers["content-length"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } }

    /// Parses `text`, the bytes before the blank line (`\r\n\r\n`) as UTF-8; nil when malformed.
    init?(_ text: String) {
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, ["GET", "POST", "PUT", "DELETE", "HEAD"].contains(requestLine[0]),
              requestLine[1].hasPrefix("/"), requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0"
        else { return nil }
        method = String(requestLine[0])
        target = String(requestLine[1])
        headers = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex, !line.first!.isWhitespace else { return nil }
            let name = line[..<colon].lowercased()
            headers[name] = headers[name] ?? line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard headers["transfer-encoding"] == nil else { return nil }
    }
}
