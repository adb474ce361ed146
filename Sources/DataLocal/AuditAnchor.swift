import Foundation
import SecurityKit

/// The audit chain's anchor outside the database: the sealed count and tag of the chain's end,
/// kept beside the key in `audit.anchor` and replaced whole (written aside, then renamed) after
/// each commit that adds an entry. The database alone cannot show that it was emptied,
/// deleted or swapped for an older copy (its head goes with it); the anchor can: a chain that
/// does not reach the anchored entry, at its place and with its tag, is younger than the trail
/// it replaced.
///
/// Written after the commit (a durable one, see `write`), so a crash between the two
/// leaves the anchor one commit behind
/// (and two processes may leave it behind the other's newest). A lagging anchor is never an
/// alarm: the check asks only that the chain hold the anchored entry, never that it end there.
/// The price is a window of one commit: a database put back to the copy just before the
/// newest commit is not told from a crash. Every cache has its anchor from its first open
/// (`IntegrityBaseline`), so none at all was removed (`AuditBreak.anchorMissing`), and is not
/// made again. `emr wipe` removes it with the database. Removing the anchor as well as the
/// database, keeping the key, is not told from a first run stopped before its database.
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

    /// Replaces the anchor with `sealed`, whole or not at all. Called once the commit it names
    /// is on disk (`CacheDatabase.anchorAfterCommit` takes only durable transactions, whose
    /// commit SQLite flushes itself): the database and its write-ahead log are never opened
    /// here, since closing a descriptor on them would drop SQLite's locks on them.
    static func write(_ sealed: Data, to path: String) throws(CacheError) {
        do {
            try AtomicFileWriter.write(sealed, to: URL(fileURLWithPath: path), permissions: 0o600)
        } catch {
            throw .storage(path: path, reason: error.description)
        }
    }
}
