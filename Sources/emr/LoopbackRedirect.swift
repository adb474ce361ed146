import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The login's redirect target on this machine: a listener on 127.0.0.1:PORT (never another
/// address) that takes the browser's one `GET /callback?...`, answers it with a short page and
/// hands the request's target back. Anything else the browser asks for (a favicon) gets a 404.
final class LoopbackRedirect {
    private let socket: Int32
    let port: Int

    /// Binds 127.0.0.1:`port`; nil (and nothing bound) when the port is taken.
    init?(port: Int) {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else {
            close(descriptor)
            return nil
        }
        socket = descriptor
        self.port = port
    }

    deinit { close(socket) }

    /// The first `/callback` request's target (`/callback?code=...&state=...`), as the address
    /// the browser ended on; nil when none came within `timeout` seconds or a Ctrl-C came first.
    func awaitRedirect(timeout: TimeInterval, unless interrupted: () -> Bool = { false }) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while case let left = deadline.timeIntervalSinceNow, left > 0, !interrupted() {
            var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(min(left, 0.1) * 1000)) > 0 else { continue }
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else { continue }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            defer { close(connection) }
            guard let target = Self.requestTarget(connection), target.hasPrefix("/callback") else {
                Self.reply(connection, status: "404 Not Found", page: "Not here.")
                continue
            }
            Self.reply(connection, status: "200 OK", page: "emr: the login came back; return to the terminal. You may close this page.")
            return "http://127.0.0.1:\(port)" + target
        }
        return nil
    }

    /// The target of `GET target HTTP/1.1`, read up to 8 KB and 5 seconds.
    private static func requestTarget(_ connection: Int32) -> String? {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 2048)
        while received.count < 8192, !received.contains(0x0A) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        let requestLine = String(decoding: received, as: UTF8.self).split(separator: "\r\n", maxSplits: 1).first ?? ""
        let words = requestLine.split(separator: " ")
        guard words.count == 3, words[0] == "GET" else { return nil }
        return String(words[1])
    }

    private static func reply(_ connection: Int32, status: String, page: String) {
        let body = "<!doctype html><title>emr login</title><p>\(page)</p>\n"
        let answer = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n" + body
        _ = Array(answer.utf8).withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
