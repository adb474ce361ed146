/// An exclusive lock on `sync.lock` in the cache directory, so two syncs (cron and a
/// workstation, or two crons) never write one cache at once.
public final class SyncLock: Sendable {
    private let file: LockFile

    /// Takes the lock, or throws `syncRunning` at once when another sync holds it.
    public init(directory: String) throws(CacheError) {
        let path = directory + "/sync.lock"
        guard let file = try LockFile(path: path, wait: false) else { throw .syncRunning(path: path) }
        self.file = file
    }
}
