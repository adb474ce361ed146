import Foundation
import Glibc

/// Removes the cache database and its SQLite side files. The caller removes the key file
/// first, so a wipe interrupted half-way leaves nothing that can be opened.
public enum CacheWipe {
    /// Deletes every database file that exists and returns their paths; the folder stays.
    @discardableResult
    public static func removeDatabase(at location: CacheLocation) throws(CacheError) -> [String] {
        var removed: [String] = []
        for path in location.databaseFiles {
            if unlink(path) == 0 {
                removed.append(path)
            } else if errno != ENOENT {
                throw .storage(path: path, reason: String(cString: strerror(errno)))
            }
        }
        return removed
    }
}
