import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A listening stream socket, TCP or Unix: made, bound and listening, or a `SocketFailure`;
/// then its connections accepted on a thread of its own for the life of the process.
enum ListeningSocket {
    /// A socket of `family` bound to `address` (a `sockaddr_in` or `sockaddr_un`) and
    /// listening; `name` says which in a failure.
    static func open<Address>(family: Int32, address: Address, name: String) throws(SocketFailure) -> Int32 {
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SocketFailure("socket") }
        var yes: Int32 = 1
        if family == AF_INET { setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size)) }
        var address = address
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let failure = SocketFailure("bind \(name)")
            Glibc.close(descriptor)
            throw failure
        }
        return descriptor
    }

    /// Accepts on `descriptor` forever, on a new thread, handing each connection to `handle`
    /// (on that thread: it should not wait long).
    static func acceptForever(_ descriptor: Int32, handle: @escaping @Sendable (StreamSocket) -> Void) {
        Thread.detachNewThread {
            while true {
                let client = accept(descriptor, nil, nil)
                guard client >= 0 else { continue }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                handle(StreamSocket(descriptor: client))
            }
        }
    }
}
