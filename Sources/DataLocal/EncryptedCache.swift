import CoreUseCases
import Foundation
import SecurityKit
import Synchronization

/// The unlocked cache: the opened database plus the data key's subkeys. Everything that
/// reads or writes patient data (importer, directory, chart, outbox, sync state, secrets)
/// is built from one of these.
public final class EncryptedCache: Sendable {
    public let database: CacheDatabase
    let sealer: RecordSealer
    let integrity = IntegrityLog()
    /// The break found in the audit trail, once one is (`AuditLog`): from then on nothing more
    /// is added to the trail, so nothing more is shown or stored, until an operator acts.
    private let knownAuditBreak = Mutex<CacheError?>(nil)
    private let wardTimes = Mutex(WardAdministrationTimes())

    /// Where the ward's doses fall, for the open doses each list row keeps (`DerivedRows`): the
    /// documented defaults until a command sets the configured ones, before it imports or syncs.
    public var administrationTimes: WardAdministrationTimes {
        get { wardTimes.withLock { $0 } }
        set { wardTimes.withLock { $0 = newValue } }
    }

    /// Unlocks `database` with the data key from the key file; refuses a key the cache was not
    /// written with rather than reporting every record as tampered, and lays the cache's
    /// integrity baseline when it has none yet (`IntegrityBaseline`).
    public init(database: CacheDatabase, dataKey: SecretBytes) throws(CacheError) {
        self.database = database
        sealer = try RecordSealer(dataKey: dataKey)
        let manifest = RowManifest(sealer: sealer)
        database.setBeforeCommit { (connection) throws(CacheError) in try manifest.apply(connection) }
        try IntegrityBaseline(cache: self).ensure()
    }

    /// Compares the watched tables with their sealed manifest (`RowManifest`) and throws
    /// `.recordsMissing` (or `.manifestRemoved`) for the first that disagrees: rows deleted,
    /// put back or changed behind emr's back. Reads every key once; commands run it at open,
    /// the workstation beside its first frame.
    public func checkRows() throws(CacheError) {
        let manifest = RowManifest(sealer: sealer)
        let disagreements = try database.withConnection { (connection) throws(CacheError) in try manifest.check(connection) }
        if let first = disagreements.first { throw first.error }
    }

    /// The audit trail's break, once `AuditLog.verify` or an append has found one.
    public var auditBreak: CacheError? { knownAuditBreak.withLock { $0 } }

    func noteAuditBreak(_ error: CacheError) {
        knownAuditBreak.withLock { known in known = known ?? error }
    }

    /// Records left out of what was read because they failed their integrity check
    /// (`CacheError.tampered`, naming table and row id), for the screens to warn about.
    public var integrityProblems: [CacheError] { integrity.all }

    /// The resource's JSON exactly as it was received, nil when not stored.
    public func storedJSON(resourceType: String, id: String) throws(CacheError) -> Data? {
        try read { (resources) throws(CacheError) in try resources.rawJSON(type: resourceType, id: id) }
    }

    /// Runs `body` with the resource table, one caller at a time.
    func read<T: Sendable>(_ body: (ResourceTable) throws(CacheError) -> T) throws(CacheError) -> T {
        try database.withConnection { (connection) throws(CacheError) -> T in
            try body(table(connection))
        }
    }

    /// Runs `body` in one write transaction with the resource table; `durably`, it is on disk,
    /// fsynced, when this returns (what a nurse charted, and whatever adds an audit entry).
    func write<T: Sendable>(durably: Bool = false, _ body: (ResourceTable) throws(CacheError) -> T) throws(CacheError) -> T {
        try database.write(durably: durably) { (connection) throws(CacheError) -> T in try body(table(connection)) }
    }

    private func table(_ connection: SQLiteConnection) -> ResourceTable {
        var table = ResourceTable(connection: connection, sealer: sealer, integrity: integrity)
        table.administrationTimes = administrationTimes
        return table
    }
}
