import Foundation

/// Everything that can go wrong with the cache, each said in one line in the user's terms
/// with the way out. Messages name files and row ids only, never patient data, so they are
/// safe to print and to log.
public enum CacheError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The cache folder or a cache file can be read by other users: `fix` is the command.
    case insecurePermissions(path: String, fix: String)
    /// A cache or settings file others could change or redirect (a link, another account's
    /// file, a settings file others can write): `problem` says which, `fix` what to do.
    case unsafeFile(path: String, problem: String, fix: String)
    /// The file is not a readable cache (truncated, overwritten, not SQLite).
    case corrupt(path: String)
    /// The cache was written by a newer emr with a schema this one does not know.
    case newerSchema(path: String, found: Int, supported: Int)
    /// Another emr kept the cache busy for longer than we wait.
    case busy(path: String)
    /// Another `emr sync` holds the sync lock of this cache.
    case syncRunning(path: String)
    /// The disk is full.
    case diskFull(path: String)
    /// The cache was sealed under another data key (the key file was replaced).
    case wrongKey(path: String)
    /// An import source could not be opened at all (missing, unreadable).
    case unreadableSource(path: String, reason: String)
    /// A sealed record failed authentication: it was altered or moved.
    case tampered(table: String, rowID: Int64)
    /// The audit trail is broken at `entry` (`AuditLog.verify`, or found when adding to it):
    /// nothing more is recorded, so nothing more is shown or stored, until an operator acts.
    case auditBroken(entry: Int, reason: AuditBreak)
    /// A watched table holds other rows than its sealed manifest says were written
    /// (`RowManifest`): rows were deleted, or put back, behind emr's back.
    case recordsMissing(table: String, written: Int, found: Int)
    /// A watched table's sealed manifest row is gone (`RowManifest`): removed behind emr's
    /// back, and with it any count of the rows that went too.
    case manifestRemoved(table: String)
    /// OpenSSL could not encrypt or derive keys (missing algorithm, out of memory).
    case encryption(reason: String)
    /// Any other storage failure, with SQLite's own (data-free) reason.
    case storage(path: String, reason: String)

    public var description: String {
        switch self {
        case let .insecurePermissions(path, fix):
            "The cache at \(path) can be read by other users: run '\(fix)' and try again."
        case let .unsafeFile(path, problem, fix):
            "\(path) \(problem): \(fix), then try again."
        case let .corrupt(path):
            "The cache file \(path) is damaged or is not an emr cache: run 'emr wipe', then re-import or re-sync."
        case let .newerSchema(path, found, supported):
            "The cache file \(path) was written by a newer emr (schema \(found), this emr knows \(supported)): update emr, or run 'emr wipe' and re-sync."
        case let .busy(path):
            "The cache file \(path) is busy in another emr: close it or wait, then try again."
        case let .syncRunning(path):
            "Another sync of this cache is running (lock \(path)): wait for it to finish, then try again."
        case let .diskFull(path):
            "The disk holding \(path) is full: free some space, then try again."
        case let .wrongKey(path):
            "The cache file \(path) was encrypted with a different key: run 'emr wipe', then re-import or re-sync."
        case let .unreadableSource(path, reason):
            "Cannot read \(path): \(reason)."
        case let .tampered(table, rowID):
            "Record \(rowID) in the cache's \(table) table failed its integrity check and was not shown: run 'emr wipe', then re-import or re-sync."
        case let .auditBroken(entry, reason):
            "The audit trail is broken at entry \(entry): \(reason). \(Self.auditAdvice)"
        case let .recordsMissing(table, written, found):
            "Records missing from the cache: its \(table) table holds \(found) rows where \(written) were written"
                + (found == written ? " (others were put in their place)" : "")
                + ", so what it shows may be incomplete: run 'emr wipe', then re-import or re-sync."
        case let .manifestRemoved(table):
            "Records missing from the cache: the sealed count of its \(table) table was removed, so rows may have gone with it: run 'emr wipe', then re-import or re-sync."
        case let .encryption(reason):
            "The cache could not encrypt or decrypt (\(reason)): check that OpenSSL 3 is installed, then try again."
        case let .storage(path, reason):
            "The cache file \(path) could not be used (\(reason)): check the disk and its permissions, then try again."
        }
    }

    public var errorDescription: String? { description }

    /// The table rows are missing from, when that is the error (`recordsMissing`, `manifestRemoved`).
    public var tableMissingRecords: String? {
        switch self {
        case let .recordsMissing(table, _, _), let .manifestRemoved(table): table
        default: nil
        }
    }

    /// The one thing to do about a broken audit trail, said by every command that finds it
    /// (Sources/emr/emr.docc/Security.md): emr records nothing more in it, so it shows and
    /// stores nothing more, until the evidence is kept and the cache is wiped.
    public static let auditAdvice =
        "emr records and shows nothing more from this cache: copy its folder as evidence and report it, then run 'emr wipe' and re-import or re-sync."
}
