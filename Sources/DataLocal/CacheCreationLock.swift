/// Held while a first run decides whether to create the cache and creates it: two first runs
/// started together (two imports from a script) would otherwise each make a key, and the
/// loser's advice ("encrypted with a different key: run 'emr wipe'") would destroy the
/// winner's good data. The second waits, then opens the cache the first one made.
public final class CacheCreationLock: Sendable {
    private let file: LockFile

    /// Makes the cache folder (private) if needed and waits for the lock in it.
    public init(location: CacheLocation) throws(CacheError) {
        try location.prepareDirectory()
        // Waiting never returns nil.
        guard let file = try LockFile(path: location.directory + "/create.lock", wait: true) else {
            throw .storage(path: location.directory + "/create.lock", reason: "not locked")
        }
        self.file = file
    }
}
