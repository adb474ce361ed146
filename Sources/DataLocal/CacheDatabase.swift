import CoreDomain
import Foundation
import Synchronization

/// The opened cache file: private folder and files checked, SQLite configured, structure
/// checked, schema migrated. One connection per process, used by one thread at a time;
/// other processes get their own and SQLite's locking serialises writers between them.
public final class CacheDatabase: Sendable {
    public let location: CacheLocation
    private let connection: Mutex<SQLiteConnection>
    /// The file opened (device and inode): a wipe, or a new cache in its place, changes it.
    private let identity: FileIdentity?
    /// The audit anchor (sealed) of an entry added in the open transaction, written once it
    /// commits (`AuditAnchor`); dropped when it rolls back.
    private let pendingAnchor = Mutex<Data?>(nil)
    /// Runs last in every write transaction, before its commit: the unlocked cache folds the
    /// rows it changed into the sealed manifest there (`RowManifest`).
    private let beforeCommit = Mutex<CommitStep?>(nil)

    /// The closure inside a struct, never bare in the `Mutex`: a function value read out of
    /// a generic container through `inout` (`withLock`) is written back wrapped in two
    /// reabstraction thunks, so each commit added two frames to every later call of it: about
    /// 250 bytes of stack a commit (release), and time growing with the square of the commits,
    /// until one import of 40,000 files ran out of stack (SIGSEGV). A struct's stored closure
    /// keeps its one abstraction and is never wrapped.
    private struct CommitStep: Sendable {
        let run: @Sendable (SQLiteConnection) throws(CacheError) -> Void
    }

    func setBeforeCommit(_ step: @escaping @Sendable (SQLiteConnection) throws(CacheError) -> Void) {
        beforeCommit.withLock { $0 = CommitStep(run: step) }
    }

    /// When the whole-file structure check (`checkStructure`) runs.
    public enum StructureCheck: Sendable {
        /// Before `init` returns: commands, which must not start on a damaged file.
        case atOpen
        /// Whenever the owner calls `checkStructure`: the workstation runs it beside its first
        /// frame, since the check reads every page (seconds for a 1 GB, 10k-patient cache).
        case byOwner
    }

    /// Opens (creating if needed) the cache at `location`. Never deletes or repairs anything:
    /// a damaged file is reported with the way out and left for the user to wipe.
    public init(location: CacheLocation, structureCheck: StructureCheck = .atOpen) throws(CacheError) {
        self.location = location
        try PrivateFiles.prepareDirectory(location.directory)
        for path in location.databaseFiles.dropFirst() { try PrivateFiles.checkFile(path) }
        try PrivateFiles.prepareFile(location.databasePath)
        let opened = try SQLiteConnection(path: location.databasePath)
        if structureCheck == .atOpen { try Self.checkIntegrity(opened) }
        try SchemaMigrator.migrate(opened)
        try RowManifest.installTriggers(opened)
        for path in location.databaseFiles.dropFirst() { try PrivateFiles.checkFile(path) }
        connection = Mutex(opened)
        identity = FileIdentity(path: location.databasePath)
    }

    /// True when the file this process opened is no longer at its path: `emr wipe` removed
    /// it (the open connection would go on reading the unlinked file), or another cache now
    /// stands there. A process still showing patients must stop.
    public var isGone: Bool {
        FileIdentity(path: location.databasePath) != identity
    }

    /// Runs `body` with the connection, one caller at a time.
    func withConnection<T: Sendable>(_ body: (SQLiteConnection) throws(CacheError) -> T) throws(CacheError) -> T {
        try connection.withLock { (connection: inout SQLiteConnection) throws(CacheError) -> T in
            try body(connection)
        }
    }

    /// Runs `body` in one write transaction: all of it is stored, or none of it. `durably`, it
    /// is on disk when this returns, power loss included (`SQLiteConnection.durably`): what a
    /// nurse charted, and every transaction that adds an audit entry, since the anchor written
    /// after it must never lead it.
    func write<T: Sendable>(durably: Bool = false, _ body: (SQLiteConnection) throws(CacheError) -> T) throws(CacheError) -> T {
        try withConnection { (connection) throws(CacheError) -> T in
            guard durably else { return try committing(connection, body) }
            return try connection.durably { () throws(CacheError) -> T in try committing(connection, body) }
        }
    }

    /// Asks for `sealed` to be written as the audit anchor once the open transaction commits.
    /// Only a durable transaction (`write(durably:)`) may ask: the anchor must never be on disk
    /// before the commit it names, or a power cut would leave it ahead of the database for
    /// good, which reads as tampering.
    func anchorAfterCommit(_ sealed: Data, on connection: SQLiteConnection) throws(CacheError) {
        guard connection.commitsDurably else {
            throw .storage(path: location.databasePath, reason: "an audit entry must be written in a transaction flushed to disk")
        }
        pendingAnchor.withLock { $0 = sealed }
    }

    /// One transaction, then the audit anchor it asked for, still holding the connection so
    /// this process's anchors follow its commits in order. An anchor that cannot be written
    /// leaves the previous one, behind but true, and does not undo what was committed.
    private func committing<T: Sendable>(_ connection: SQLiteConnection, _ body: (SQLiteConnection) throws(CacheError) -> T) throws(CacheError) -> T {
        let value: T
        do {
            let last = beforeCommit.withLock { $0 }
            value = try connection.transaction { () throws(CacheError) -> T in
                let value = try body(connection)
                try last?.run(connection)
                return value
            }
        } catch {
            pendingAnchor.withLock { $0 = nil }
            throw error
        }
        if let sealed = pendingAnchor.withLock({ pending in defer { pending = nil }; return pending }) {
            do throws(CacheError) {
                try AuditAnchor.write(sealed, to: location.auditAnchorPath)
            } catch {
                Log.debug("audit_anchor_write", .code("outcome", "failure"), .error(error))
            }
        }
        return value
    }

    /// Checks the whole file on a connection of its own, so reads and writes of the cache go
    /// on meanwhile (WAL: readers never block the writer, nor it them).
    public func checkStructure() throws(CacheError) {
        try Self.checkIntegrity(try SQLiteConnection(path: location.databasePath))
    }

    /// `PRAGMA quick_check` reads every page, so truncation and overwritten structure are
    /// caught at open instead of surfacing later as odd failures mid-chart.
    private static func checkIntegrity(_ connection: SQLiteConnection) throws(CacheError) {
        let check = try connection.statement("PRAGMA quick_check")
        try check.bind()
        defer { check.finish() }
        guard try check.step(), check.text(0) == "ok" else { throw .corrupt(path: connection.path) }
    }
}
