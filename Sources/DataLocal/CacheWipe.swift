import Foundation
import Glibc

/// Removes the cache database and its SQLite side files. The caller removes the key file
/// first, so a wipe interrupted half-way leaves nothing that can be opened.
public enum CacheWipe {
    /// Leftovers of a key file write that never finished (a kill during the first run): each
    /// holds a wrapped key, so a wipe removes them too (`.key.json.<hex>.tmp`).
    public static func removeKeyLeftovers(at location: CacheLocation) throws(CacheError) -> [String] {
        let prefix = "." + URL(fileURLWithPath: location.keyFilePath).lastPathComponent + "."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: location.directory)) ?? []
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let path = location.directory + "/" + name
            guard unlink(path) == 0 else { throw .storage(path: path, reason: String(cString: strerror(errno))) }
            removed.append(path)
        }
        return removed
    }

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
