import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on `sync.lock` in the cache directory, so two syncs (cron and a
/// workstation, or two crons) never write one cache at once. The kernel drops the lock when
/// the process dies, so a killed sync never leaves a stale lock behind.
public final class SyncLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock, or throws `syncRunning` at once when another sync holds it.
    public init(directory: String) throws(CacheError) {
        let path = directory + "/sync.lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .storage(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .syncRunning(path: path)
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
