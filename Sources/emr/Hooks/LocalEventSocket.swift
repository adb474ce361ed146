import CoreUseCases
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The Unix socket the workstations on this machine read the listener's events from: each
/// connection is checked against the peer's account (`PeerAccount`) and then only written
/// to, one `HookMessage` line per event, `{"sync":"full"}` first (what happened before it
/// connected is unknown to it). A workstation too slow to take a line at once is dropped; it
/// connects again and syncs in full.
final class LocalEventSocket: Sendable {
    let path: String
    private let listening: Int32
    private let group: gid_t?
    private let readers = Mutex<[StreamSocket]>([])

    /// Binds `path` (mode 0660, in `group` when given). A socket already there is replaced
    /// only when nothing answers on it: a running listener is never taken over.
    init(path: String, group: gid_t?) throws(SocketFailure) {
        guard let address = UnixSocketPath.address(path) else { throw SocketFailure("socket path \(path)", code: ENAMETOOLONG) }
        if let running = UnixSocketPath.connect(path) {
            running.close()
            throw SocketFailure("another listener on \(path)", code: EADDRINUSE)
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else { throw SocketFailure("\(path) is not a socket", code: EEXIST) }
            unlink(path)
        }
        let descriptor = try ListeningSocket.open(family: AF_UNIX, address: address, name: path)
        if let group, chown(path, uid_t.max, group) != 0 {
            let failure = SocketFailure("chown \(path) to the group")
            Glibc.close(descriptor)
            unlink(path)
            throw failure
        }
        chmod(path, 0o660)
        self.path = path
        self.listening = descriptor
        self.group = group
    }

    /// Accepts readers on a thread of its own, for the life of the process; each one kept or
    /// refused is a line of the log, by account id.
    func start() {
        ListeningSocket.acceptForever(listening) { [self] reader in
            let peer = PeerAccount(socket: reader.descriptor)
            guard let peer, peer.mayRead(group: group) else {
                HooksLog.line("a reader refused (uid \(peer.map { String($0.uid) } ?? "unknown"))")
                reader.close()
                return
            }
            HooksLog.line("a reader connected (uid \(peer.uid))")
            reader.setTimeouts(seconds: 1)
            guard reader.write(Array((HookMessage.syncAll.line + "\n").utf8), waiting: false) else {
                reader.close()
                return
            }
            readers.withLock { $0.append(reader) }
        }
    }

    /// Sends `message` to every reader; those that cannot take it are closed.
    func send(_ message: HookMessage) {
        let bytes = Array((message.line + "\n").utf8)
        readers.withLock { readers in
            readers.removeAll { reader in
                guard reader.write(bytes, waiting: false) else {
                    reader.close()
                    return true
                }
                return false
            }
        }
    }

    /// Removes the socket file (on the way out).
    func remove() { unlink(path) }
}
