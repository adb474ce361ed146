@preconcurrency import CSQLite
import Foundation

/// One SQLite connection, configured the way the cache needs it: WAL so readers never block
/// the writer, a busy timeout plus retried `BEGIN IMMEDIATE` so a second emr waits its turn
/// instead of failing, and foreign keys on. Not thread-safe: `CacheDatabase` serialises use.
/// Every failure comes out as a `CacheError`; SQL text never carries data (all values are
/// bound), so SQLite's messages are safe to show.
final class SQLiteConnection {
    let path: String
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// How long one lock wait may take, and how many times `BEGIN IMMEDIATE` is retried after it.
    static let busyTimeoutMilliseconds: Int32 = 5_000
    private static let beginAttempts = 3

    init(path: String) throws(CacheError) {
        self.path = path
        var pointer: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &pointer, flags, nil)
        guard let pointer else { throw CacheError.storage(path: path, reason: "out of memory") }
        handle = pointer
        try check(rc)
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = NORMAL")
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Maps a SQLite result code to the user's terms; returns quietly on success.
    func check(_ rc: Int32) throws(CacheError) {
        switch rc & 0xff {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return
        case SQLITE_CORRUPT, SQLITE_NOTADB: throw .corrupt(path: path)
        case SQLITE_BUSY, SQLITE_LOCKED: throw .busy(path: path)
        case SQLITE_FULL: throw .diskFull(path: path)
        default: throw .storage(path: path, reason: String(cString: sqlite3_errmsg(handle)))
        }
    }

    /// Runs SQL that needs no parameters (pragmas, DDL, transaction control); rows are ignored.
    func execute(_ sql: String) throws(CacheError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil))
    }

    /// A prepared statement for `sql`, compiled once per connection and reused.
    func statement(_ sql: String) throws(CacheError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        var pointer: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil))
        guard let pointer else { throw CacheError.storage(path: path, reason: "empty statement") }
        let prepared = SQLiteStatement(handle: pointer, connection: self)
        statements[sql] = prepared
        return prepared
    }

    /// The single integer the query returns (pragmas, counts); 0 when it returns no row.
    func integer(_ sql: String, _ values: SQLiteValue...) throws(CacheError) -> Int64 {
        let query = try statement(sql)
        try query.bindAll(values)
        defer { query.finish() }
        return try query.step() ? query.int64(0) : 0
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// True inside `durably`: a commit then returns only once it is on disk.
    private(set) var commitsDurably = false

    /// Runs `body` with commits that are on disk, power loss included, when they return. The
    /// connection otherwise commits with `synchronous = NORMAL` (a commit survives a kill of emr,
    /// not a power cut), right for re-fetchable server data; `FULL` syncs the write-ahead log at
    /// each commit, through SQLite's own descriptor. The setting cannot change inside a
    /// transaction, so `body` opens its own.
    func durably<T>(_ body: () throws(CacheError) -> T) throws(CacheError) -> T {
        try execute("PRAGMA synchronous = FULL")
        commitsDurably = true
        defer {
            commitsDurably = false
            try? execute("PRAGMA synchronous = NORMAL")
        }
        return try body()
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`, rolling back if it throws. Taking the
    /// write lock up front means two writers queue on the busy timeout instead of deadlocking.
    func transaction<T>(_ body: () throws(CacheError) -> T) throws(CacheError) -> T {
        try begin()
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` inside a savepoint of the open transaction: if it throws, what it wrote is
    /// undone and the rest of the transaction stays, so one file of a batch that cannot be read
    /// takes nothing else with it. When the failure ended the whole transaction (SQLite rolls
    /// it back itself on a full disk or an I/O error), that is thrown instead: nothing after it
    /// may run outside the transaction its caller opened.
    func savepoint<T>(_ body: () throws(CacheError) -> T) throws(SavepointFailure) -> T {
        do {
            try execute("SAVEPOINT part")
        } catch {
            throw .transactionEnded(error)
        }
        do {
            let result = try body()
            try execute("RELEASE part")
            return result
        } catch {
            guard sqlite3_get_autocommit(handle) == 0, (try? execute("ROLLBACK TO part")) != nil, (try? execute("RELEASE part")) != nil else {
                throw .transactionEnded(error)
            }
            throw .undone(error)
        }
    }

    private func begin() throws(CacheError) {
        var attempt = 1
        while true {
            do {
                try execute("BEGIN IMMEDIATE")
                return
            } catch .busy(let path) where attempt >= Self.beginAttempts {
                throw .busy(path: path)
            } catch .busy {
                attempt += 1
                usleep(UInt32(20_000 * attempt))
            }
        }
    }
}
