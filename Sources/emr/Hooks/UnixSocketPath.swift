#if canImport(Glibc)
import Glibc
#endif

/// A Unix socket's path as the kernel takes it, and a connection to it.
enum UnixSocketPath {
    /// `path` in a `sockaddr_un`; nil when it is too long for one.
    static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        guard path.utf8.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        return address
    }

    /// A connection to the socket at `path`; nil when nothing listens there.
    static func connect(_ path: String) -> StreamSocket? {
        guard var address = address(path) else { return nil }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            return nil
        }
        return StreamSocket(descriptor: descriptor)
    }
}
