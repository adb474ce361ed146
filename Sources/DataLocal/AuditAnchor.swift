import Foundation
import Glibc
import SecurityKit

/// The audit chain's anchor outside the database: the sealed count and tag of the chain's end,
/// kept beside the key in `audit.anchor` and replaced whole (written aside, then renamed) after
/// each commit that adds an entry. The database alone cannot show that it was emptied,
/// deleted or swapped for an older copy (its head goes with it); the anchor can: a chain that
/// does not reach the anchored entry, at its place and with its tag, is younger than the trail
/// it replaced.
///
/// Written after the commit (made durable first, see `write`), so a crash between the two
/// leaves the anchor one commit behind
/// (and two processes may leave it behind the other's newest). A lagging anchor is never an
/// alarm: the check asks only that the chain hold the anchored entry, never that it end there.
/// The price is a window of one commit: a database put back to the copy just before the
/// newest commit is not told from a crash. No anchor (a first run, a cache made before the
/// anchor) vouches for nothing; the first commit that adds an entry writes it. `emr wipe`
/// removes it with the database. Removing the anchor as well as the database is not told from
/// a first run stopped before its first entry.
struct AuditAnchor {
    let path: String
    let sealer: RecordSealer

    private static let context = SealContext(table: "audit_anchor", column: "head")

    enum State: Equatable {
        case absent, damaged
        case present(AuditHead)
    }

    func read() throws(CacheError) -> State {
        try PrivateFiles.checkFile(path)
        guard FileManager.default.fileExists(atPath: path) else { return .absent }
        guard let sealed = FileManager.default.contents(atPath: path) else { throw .storage(path: path, reason: "it cannot be read") }
        do {
            return .present(try sealer.openValue(AuditHead.self, sealed, Self.context, rowID: 0))
        } catch .tampered {
            return .damaged
        }
    }

    /// The sealed bytes that anchor `head`, for `write` once the entry has committed.
    func sealed(_ head: AuditHead) throws(CacheError) -> Data {
        var writer = ByteWriter()
        head.encode(to: &writer)
        return try sealer.seal(writer.bytes, Self.context)
    }

    /// Replaces the anchor with `sealed`, whole or not at all, once `committed` (the database
    /// and its write-ahead log) are on disk. The cache commits without waiting for the disk
    /// (`synchronous = NORMAL`): after a power cut an anchor on disk before the commit it names
    /// would be ahead of the database for good, and read as tampering. So the commit is made
    /// durable first; when that fails the anchor is left behind, which is never an alarm.
    static func write(_ sealed: Data, to path: String, after committed: [String]) throws(CacheError) {
        for file in committed {
            let descriptor = open(file, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENOENT { continue }
                throw .storage(path: file, reason: String(cString: strerror(errno)))
            }
            let synced = fsync(descriptor) == 0
            close(descriptor)
            guard synced else { throw .storage(path: file, reason: "cannot be flushed to disk") }
        }
        do {
            try AtomicFileWriter.write(sealed, to: URL(fileURLWithPath: path), permissions: 0o600)
        } catch {
            throw .storage(path: path, reason: error.description)
        }
    }
}
