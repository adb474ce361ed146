import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on a file in the cache directory. The kernel drops it when the
/// holder closes it or the process dies, so a killed command never leaves a stale lock.
final class LockFile: Sendable {
    private let descriptor: Int32

    /// Takes the lock at `path`, waiting for another holder when `wait` is true; nil when it
    /// does not wait and another process holds it.
    init?(path: String, wait: Bool) throws(CacheError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .storage(path: path, reason: String(cString: strerror(errno))) }
        var locked = flock(descriptor, wait ? LOCK_EX : LOCK_EX | LOCK_NB)
        while locked != 0, wait, errno == EINTR { locked = flock(descriptor, LOCK_EX) }
        guard locked == 0 else {
            let reason = errno
            close(descriptor)
            if reason == EWOULDBLOCK { return nil }
            throw .storage(path: path, reason: String(cString: strerror(reason)))
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
