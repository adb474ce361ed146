import Foundation

/// One HTTP exchange, as the FHIR client sees it. A protocol seam so the retry, paging and
/// auth logic is tested against scripted responses instead of a network.
public protocol HTTPTransport: Sendable {
    /// Sends `request`; throws `HTTPTransportError` when no response arrived at all.
    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse
}

public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?
    /// Seconds the whole exchange may take before it counts as a network failure.
    public var timeout: TimeInterval

    public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: TimeInterval = 30) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    /// Header names lower-cased, so lookups need not care how the server spelled them.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// No response: the server could not be reached, the connection broke, or it took too long.
public enum HTTPTransportError: Error, Sendable, Hashable {
    case timedOut
    case unreachable(String)
    case connectionLost
    /// The answer went past `limit` bytes; reading stopped there.
    case tooLarge(limit: Int)
}
