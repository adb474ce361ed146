import DataFHIR
import Foundation

/// How `ResourceRowFile` keeps each row's key and record on disk. The encrypted cache never
/// takes one: it seals with its own keys (`RecordSealer`). A caller's protection makes its
/// rows exactly as private as it chooses, so only synthetic data belongs in such a file.
public protocol RecordProtection: Sendable {
    /// The row's lookup key for `Type/id` (the cache's is a blind index).
    func key(type: String, id: String) -> Data
    /// The stored form of a record's bytes (the cache's is sealed).
    func protect(_ record: [UInt8]) -> Data
}

/// Resource rows alone, in their own SQLite file: the files read as `CacheImporter` reads
/// them and the same record bytes (`ResourceTable.record`) upserted into a table shaped like
/// the cache's `resource`, keyed and kept as `protection` says, without derived rows, outbox
/// or audit. What is left of an import without the cache's own work: `emr-bench` measures the
/// cache against it with a protection that leaves the bytes as they are.
public struct ResourceRowFile<Protection: RecordProtection> {
    private let connection: SQLiteConnection
    private let protection: Protection
    private let reader = FHIRReader()

    /// Creates `name` in `directory` (which must exist), configured like the cache.
    public init(directory: String, name: String, protection: Protection) throws(CacheError) {
        connection = try SQLiteConnection(path: directory + "/" + name)
        self.protection = protection
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS resource (row_id INTEGER PRIMARY KEY, resource_type TEXT NOT NULL,
                key_index BLOB NOT NULL UNIQUE, patient_index BLOB, record BLOB NOT NULL, updated_at REAL NOT NULL)
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
                    let patient = resource.content.patientID.map { protection.key(type: "Patient", id: $0) }
                    try insert.bind(
                        .text(resource.resourceType), .blob(protection.key(type: resource.resourceType, id: resource.id)),
                        patient.map(SQLiteValue.blob) ?? .null,
                        .blob(protection.protect(ResourceTable.record(resource))), .real(Date().timeIntervalSince1970)
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
