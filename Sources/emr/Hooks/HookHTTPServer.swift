import CoreUseCases
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The listener's HTTP/1.1 endpoint for the FHIR server's rest-hook notifications: one
/// request per connection, each on a thread of its own, at most `maxConnections` at once.
/// Bounded everywhere a sender could make it wait or grow: the head (8 KiB), the body
/// (`maxBody`), the time (`timeoutSeconds` per read or write, twice that for the whole
/// request, so a sender trickling a byte at a time holds a connection no longer). The
/// token is checked before the body is read, so an unauthorized sender gets no further
/// than its headers.
final class HookHTTPServer: Sendable {
    /// What the server makes of a request that passed the checks here: its body's answer.
    typealias Handler = @Sendable (_ body: [UInt8]) -> HTTPAnswer

    let port: UInt16
    private let listening: Int32
    private let path: String
    private let token: String
    private let maxBody: Int
    private let timeoutSeconds: Int
    /// As deep as the listen queue: a server sending many notifications at once from a pool
    /// of connections (8 in the flood test), some still closing, is not told it is busy.
    private let maxConnections = 64
    private let connections = Mutex(0)

    /// Listens on `host:port` (`0` for any free port, read back from `port`); notifications
    /// are taken at `path` only.
    init(host: String, port: UInt16, path: String, token: String, maxBody: Int = 65_536, timeoutSeconds: Int = 5) throws(SocketFailure) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw SocketFailure("inet_pton \(host)", code: EINVAL) }
        let descriptor = try ListeningSocket.open(family: AF_INET, address: address, name: "\(host):\(port)")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = UInt16(bigEndian: address.sin_port)
        self.listening = descriptor
        self.path = path
        self.token = token
        self.maxBody = maxBody
        self.timeoutSeconds = timeoutSeconds
    }

    /// Accepts connections on a thread of its own, for the life of the process.
    func start(handler: @escaping Handler) {
        ListeningSocket.acceptForever(listening) { [self] connection in
            let admitted = connections.withLock { count in
                guard count < maxConnections else { return false }
                count += 1
                return true
            }
            guard admitted else {
                connection.write(HTTPAnswer.busy.bytes, waiting: false)
                connection.close()
                return
            }
            Thread.detachNewThread { [self] in
                serve(connection, handler: handler)
                connections.withLock { $0 -= 1 }
            }
        }
    }

    private func serve(_ connection: StreamSocket, handler: Handler) {
        connection.setTimeouts(seconds: timeoutSeconds)
        let answer = respond(connection, handler: handler)
        connection.write(answer.bytes)
        // What the client still sends (a refused body) is read and dropped, for a second at
        // most, so the close does not reset the connection before the client has read the
        // answer, nor hold its place here.
        shutdown(connection.descriptor, Int32(SHUT_WR))
        let until = Date().addingTimeInterval(1)
        var drained = 0
        while drained < 4 * maxBody, Date() < until, let bytes = connection.read(upTo: 16_384), !bytes.isEmpty { drained += bytes.count }
        connection.close()
    }

    private func respond(_ connection: StreamSocket, handler: Handler) -> HTTPAnswer {
        let deadline = Date().addingTimeInterval(Double(2 * timeoutSeconds))
        var received: [UInt8] = []
        var headEnd: Int?
        while headEnd == nil {
            guard received.count < HTTPRequestHead.maxBytes else { return .headersTooLarge }
            guard Date() < deadline, let bytes = connection.read(upTo: HTTPRequestHead.maxBytes - received.count), !bytes.isEmpty
            else { return .timeout }
            received += bytes
            headEnd = Self.blankLine(in: received)
        }
        guard let headEnd, let head = HTTPRequestHead(String(decoding: received[..<headEnd], as: UTF8.self)) else { return .badRequest }
        guard head.target == path else { return .notFound }
        guard head.method == "POST" else { return .methodNotAllowed }
        guard BearerToken.authorizes(header: head.headers["authorization"], token: token) else { return .unauthorized }
        guard let length = head.contentLength else { return .lengthRequired }
        guard length <= maxBody else { return .tooLarge }
        var body = Array(received[(headEnd + 4)...])
        while body.count < length {
            guard Date() < deadline, let bytes = connection.read(upTo: length - body.count), !bytes.isEmpty else { return .timeout }
            body += bytes
        }
        guard body.count == length else { return .badRequest }
        return handler(body)
    }

    /// Where `\r\n\r\n` starts in `bytes`, if it is there.
    private static func blankLine(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}
