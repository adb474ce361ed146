import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A connected stream socket (TCP or Unix), owned: closed once, when `close` is called.
/// Reads and writes are blocking and bounded by the send and receive timeouts set on it.
struct StreamSocket {
    let descriptor: Int32

    /// Sets the receive and send timeouts: a client that stops sending (or reading) frees
    /// the thread serving it after `seconds`.
    func setTimeouts(seconds: Int) {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Up to `count` bytes; empty at the end of the stream, nil on an error or timeout.
    func read(upTo count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, count, 0) }
            if got >= 0 { return Array(buffer.prefix(got)) }
            if errno != EINTR { return nil }
        }
    }

    /// Writes all of `bytes`; false when the peer is gone or too slow. `waiting: false`
    /// gives up at once where the peer's buffer is full.
    @discardableResult
    func write(_ bytes: [UInt8], waiting: Bool = true) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let flags = Int32(MSG_NOSIGNAL) | (waiting ? 0 : Int32(MSG_DONTWAIT))
            let wrote = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + sent, bytes.count - sent, flags) }
            if wrote > 0 {
                sent += wrote
            } else if wrote < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    func close() { _ = Glibc.close(descriptor) }
}

/// Why a listening socket could not be made: the call that failed and its `errno` text.
struct SocketFailure: Error, CustomStringConvertible {
    var call: String
    var code: Int32

    init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    var description: String { "\(call): \(String(cString: strerror(code)))" }
}
