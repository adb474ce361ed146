@preconcurrency import CSQLite
import Foundation

/// SQLite's "copy this buffer now" destructor, which the C macro `SQLITE_TRANSIENT` spells
/// as `(sqlite3_destructor_type)-1` and Swift cannot import.
private let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// One prepared statement, reused across rows so a bulk import compiles its SQL once.
/// Parameters and columns are numbered from 1 and 0 respectively, as in SQLite.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to parameters 1, 2, ... after clearing the previous row's state.
    @discardableResult
    func bind(_ values: SQLiteValue...) throws(CacheError) -> SQLiteStatement {
        try bindAll(values)
        return self
    }

    func bindAll(_ values: [SQLiteValue]) throws(CacheError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32 = switch value {
            case .null: sqlite3_bind_null(handle, index)
            case let .integer(number): sqlite3_bind_int64(handle, index, number)
            case let .real(number): sqlite3_bind_double(handle, index, number)
            case let .text(text): sqlite3_bind_text(handle, index, text, -1, transient)
            case let .blob(data):
                data.withUnsafeBytes { sqlite3_bind_blob(handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count), transient) }
            }
            try connection.check(rc)
        }
    }

    /// Advances to the next row; false when the statement is done.
    func step() throws(CacheError) -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            finish()
            return false
        default:
            sqlite3_reset(handle)
            try connection.check(rc)
            return false
        }
    }

    /// Ends the current run early, releasing its read snapshot (WAL keeps it open otherwise).
    func finish() { sqlite3_reset(handle) }

    /// Runs a statement that returns no rows.
    func run() throws(CacheError) {
        while try step() {}
    }

    /// Every row, mapped by `row`.
    func rows<T>(_ row: (SQLiteStatement) throws(CacheError) -> T) throws(CacheError) -> [T] {
        var result: [T] = []
        while try step() { result.append(try row(self)) }
        return result
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: pointer)
    }

    func blob(_ column: Int32) -> Data? {
        guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let pointer = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: pointer, count: count)
    }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}
