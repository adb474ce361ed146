import DataFHIR
import Foundation

/// The ceiling `emr-bench` measures the encrypted import against: the same files read the same
/// way and the same record bytes stored in a table shaped like `resource`, but unsealed, keyed
/// by plain `Type/id`, without derived rows. Only ever pointed at a scratch folder of synthetic
/// data: it writes plaintext, which is exactly what the cache must never do with PHI.
public struct PlaintextImportCeiling {
    private let connection: SQLiteConnection
    private let reader = FHIRReader()

    /// Creates `plaintext.sqlite` in `directory` (which must exist), configured like the cache.
    public init(directory: String) throws(CacheError) {
        connection = try SQLiteConnection(path: directory + "/plaintext.sqlite")
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS resource (row_id INTEGER PRIMARY KEY, resource_type TEXT NOT NULL,
                key_index TEXT NOT NULL UNIQUE, patient_index TEXT, record BLOB NOT NULL, updated_at REAL NOT NULL)
            """)
        try connection.execute("CREATE INDEX IF NOT EXISTS resource_by_patient ON resource (patient_index, resource_type) WHERE patient_index IS NOT NULL")
    }

    /// Reads and stores the file at `url` in one transaction, as `CacheImporter` does; returns
    /// how many resources were stored.
    public func importFile(at url: URL) throws(CacheError) -> Int {
        try connection.transaction { () throws(CacheError) -> Int in
            let insert = try connection.statement("""
                INSERT INTO resource (resource_type, key_index, patient_index, record, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (key_index) DO UPDATE SET resource_type = excluded.resource_type,
                    patient_index = excluded.patient_index, record = excluded.record, updated_at = excluded.updated_at
                """)
            var stored = 0
            do {
                try reader.forEachResource(in: url, onProblem: { _ in }) { resource in
                    try insert.bind(
                        .text(resource.resourceType), .text("\(resource.resourceType)/\(resource.id)"),
                        resource.content.patientID.map(SQLiteValue.text) ?? .null,
                        .blob(Data(ResourceTable.record(resource))), .real(Date().timeIntervalSince1970)
                    ).run()
                    stored += 1
                }
            } catch let error as CacheError {
                throw error
            } catch {
                throw .unreadableSource(path: url.path, reason: "\(error)")
            }
            return stored
        }
    }
}
