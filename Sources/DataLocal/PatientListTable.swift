import CoreDomain
import CoreUseCases
import Foundation

/// The derived `patient_list` table: one sealed `PatientListEntry` per patient, rebuilt from
/// the patient's stored resources whenever they change (see `DerivedRows`), so the census
/// opens without reading any chart.
struct PatientListTable {
    let resources: ResourceTable

    private var connection: SQLiteConnection { resources.connection }
    private var sealer: RecordSealer { resources.sealer }

    private func context(_ patient: Data) -> SealContext {
        SealContext(table: "patient_list", column: "entry", resourceType: "Patient", key: patient, patient: patient)
    }

    func store(_ entry: PatientListEntry, patient: Data) throws(CacheError) {
        var writer = ByteWriter()
        writer.write(entry)
        try connection.statement("""
            INSERT INTO patient_list (patient_index, entry, updated_at) VALUES (?, ?, ?)
            ON CONFLICT (patient_index) DO UPDATE SET entry = excluded.entry, updated_at = excluded.updated_at
            """).bind(.blob(patient), .blob(try sealer.seal(writer.bytes, context(patient))), .real(Date().timeIntervalSince1970)).run()
    }

    func remove(patient: Data) throws(CacheError) {
        try connection.statement("DELETE FROM patient_list WHERE patient_index = ?").bind(.blob(patient)).run()
    }

    /// Every patient with a row, for rebuilding all rows when shared locations change.
    func allPatients() throws(CacheError) -> Set<Data> {
        Set(try connection.statement("SELECT patient_index FROM patient_list").bind().rows { $0.blob(0) ?? Data() })
    }

    /// Every row that opens; rows failing their check are logged and skipped. When rows exist
    /// and none opens, that is damage, never an empty ward: it throws.
    func entries() throws(CacheError) -> [PatientListEntry] {
        let query = try connection.statement("SELECT row_id, patient_index, entry FROM patient_list")
        try query.bind()
        var entries: [PatientListEntry] = []
        var firstFailure: CacheError?
        var batch: [(rowID: Int64, context: SealContext, sealed: Data)] = []
        let sealer = sealer
        // Opened and decoded on every core (a fifth of a 100k census's start on one), a batch at
        // a time: all 100k sealed rows held at once raised the session's peak by 30 MiB.
        func openBatch() throws(CacheError) {
            let opened = batch.chunkedMap { chunk in
                chunk.map { row in Result { () throws(CacheError) in try sealer.openValue(PatientListEntry.self, row.sealed, row.context, rowID: row.rowID) } }
            }
            batch.removeAll(keepingCapacity: true)
            for outcome in opened {
                switch outcome {
                case let .success(entry):
                    entries.append(entry)
                case let .failure(.tampered(table, rowID)):
                    resources.integrity.record(.tampered(table: table, rowID: rowID))
                    firstFailure = firstFailure ?? .tampered(table: table, rowID: rowID)
                case let .failure(error):
                    throw error
                }
            }
        }
        while try query.step() {
            batch.append((query.int64(0), context(query.blob(1) ?? Data()), query.blob(2) ?? Data()))
            if batch.count == Self.openingBatch { try openBatch() }
        }
        try openBatch()
        if entries.isEmpty, let firstFailure { throw firstFailure }
        return entries
    }

    /// Rows held sealed at once while the census is opened: two chunks of `chunkedMap`'s.
    private static let openingBatch = 8_192

    /// One patient's row, nil when they have none or it fails its check (logged as for `entries`).
    func entry(patient: Data) throws(CacheError) -> PatientListEntry? {
        let query = try connection.statement("SELECT row_id, entry FROM patient_list WHERE patient_index = ?")
        try query.bind(.blob(patient))
        defer { query.finish() }
        guard try query.step() else { return nil }
        let rowID = query.int64(0)
        do {
            return try sealer.openValue(PatientListEntry.self, query.blob(1) ?? Data(), context(patient), rowID: rowID)
        } catch .tampered(let table, let rowID) {
            resources.integrity.record(.tampered(table: table, rowID: rowID))
            return nil
        }
    }
}
