import CoreUseCases
import DataFHIR
import Foundation

/// Reads and writes the `resource` table on one connection. Each row holds one sealed
/// `record`: the resource's FHIR version, its domain value as a binary record (length first, so it can
/// be skipped) and its JSON exactly as received. One seal per resource keeps imports fast;
/// charts read the derived bundles instead (see `ChartBundleTable`).
struct ResourceTable {
    let connection: SQLiteConnection
    let sealer: RecordSealer
    let integrity: IntegrityLog
    /// The ward's dose times, for the list rows rebuilt in this transaction (`DerivedRows`).
    var administrationTimes = WardAdministrationTimes()

    /// What storing one resource did.
    struct StoreOutcome {
        /// False when the cache already held a newer version, which was kept, or held this one
        /// exactly (`unchanged`).
        var stored: Bool
        /// The cache already held the resource exactly as it would store it (the same file
        /// imported again): nothing was written.
        var unchanged = false
        /// The patient the stored row belonged to before, when it was replaced.
        var previousPatient: Data?
    }

    private func context(_ type: String, key: Data = Data(), patient: Data?) -> SealContext {
        SealContext(table: "resource", column: "record", resourceType: type, key: key, patient: patient)
    }

    /// Stores `resource` under its `Type/id`, replacing the stored copy unless that one is
    /// newer. Inserting first makes the common case (a new resource) one statement.
    func store(_ resource: DecodedResource, key: Data, patient: Data?) throws(CacheError) -> StoreOutcome {
        let type = resource.resourceType
        let arrival = Date()
        var plaintext = Self.record(ArrivalStamp.stamped(resource, at: arrival))
        let sealed = try sealer.seal(plaintext, context(type, key: key, patient: patient))
        let now = arrival.timeIntervalSince1970
        try connection.statement("""
            INSERT INTO resource (resource_type, key_index, patient_index, record, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (key_index) DO NOTHING
            """).bind(.text(type), .blob(key), patient.map(SQLiteValue.blob) ?? .null, .blob(sealed), .real(now)).run()
        if connection.changes == 1 { return StoreOutcome(stored: true) }

        let existing = try connection.statement("SELECT row_id, resource_type, patient_index, record FROM resource WHERE key_index = ?")
        try existing.bind(.blob(key))
        guard try existing.step() else { throw CacheError.storage(path: connection.path, reason: "row vanished during import") }
        let rowID = existing.int64(0)
        let previous = existing.blob(2)
        let stored = context(existing.text(1) ?? "", key: key, patient: previous)
        let storedRecord = existing.blob(3) ?? Data()
        existing.finish()
        let version = ResourceVersion(versionID: resource.versionID, lastUpdated: resource.lastUpdated)
        let storedPlaintext = try? sealer.open(storedRecord, stored, rowID: rowID)
        var storedReader = ByteReader(storedPlaintext ?? Data())
        if storedPlaintext != nil, let storedVersion = try? ResourceVersion(from: &storedReader), version.isOlder(than: storedVersion) {
            return StoreOutcome(stored: false)
        }
        var replacement = sealed
        if let storedPlaintext, let kept = ArrivalStamp.kept(resource, replacing: storedPlaintext) {
            plaintext = Self.record(ArrivalStamp.stamped(resource, at: arrival, kept: kept))
            replacement = try sealer.seal(plaintext, context(type, key: key, patient: patient))
        }
        // The same record, byte for byte, for the same patient: a re-import changes nothing.
        if previous == patient, let storedPlaintext, storedPlaintext.elementsEqual(plaintext) {
            return StoreOutcome(stored: false, unchanged: true)
        }
        try connection.statement("UPDATE resource SET resource_type = ?, patient_index = ?, record = ?, updated_at = ? WHERE row_id = ?")
            .bind(.text(type), patient.map(SQLiteValue.blob) ?? .null, .blob(replacement), .real(now), .integer(rowID)).run()
        return StoreOutcome(stored: true, previousPatient: previous == patient ? nil : previous)
    }

    /// The plaintext of a `record`: version, domain value (its own field), JSON as received.
    static func record(_ resource: DecodedResource) -> [UInt8] {
        var value = ByteWriter()
        resource.content.encode(to: &value)
        var record = ByteWriter()
        record.write(ResourceVersion(versionID: resource.versionID, lastUpdated: resource.lastUpdated))
        record.write(encoded: value.bytes)
        record.append(tail: resource.json)
        return record.bytes
    }

    /// Every `type` value belonging to `patient`; rows failing their check are logged and skipped.
    func values<T: BinaryRecord & Sendable>(_: T.Type, type: String, patient: Data) throws(CacheError) -> [T] {
        try load(T.self, type: type, patient: patient).values
    }

    /// Every `type` value belonging to `patient`, with the rows skipped for failing their check.
    func load<T: BinaryRecord & Sendable>(_: T.Type, type: String, patient: Data) throws(CacheError) -> Loaded<T> {
        try decodeAll(T.self, type: type, patient: patient, query: try patientRows(type: type, patient: patient))
    }

    /// Every `type` value belonging to `patient` as its stored record bytes, undecoded (for
    /// chart bundles, which hold those same bytes), with the rows skipped for failing their
    /// check; `rowIDs` says which row each value came from.
    func loadEncoded(type: String, patient: Data) throws(CacheError) -> Loaded<ArraySlice<UInt8>> {
        try readAll(type: type, patient: patient, query: try patientRows(type: type, patient: patient)) { (reader) throws(BinaryRecordError) in
            _ = try ResourceVersion(from: &reader)
            return try reader.encoded()
        }
    }

    private func patientRows(type: String, patient: Data) throws(CacheError) -> SQLiteStatement {
        try connection.statement("SELECT row_id, key_index, record FROM resource WHERE patient_index = ? AND resource_type = ?")
            .bind(.blob(patient), .text(type))
    }

    /// How many `type` rows `patient` has, readable or not (the index alone answers).
    func count(type: String, patient: Data) throws(CacheError) -> Int {
        Int(try connection.integer(
            "SELECT count(*) FROM resource WHERE patient_index = ? AND resource_type = ?", .blob(patient), .text(type)))
    }

    /// Every `type` value not belonging to a patient (locations, practitioners).
    func sharedValues<T: BinaryRecord & Sendable>(_: T.Type, type: String) throws(CacheError) -> [T] {
        try decodeAll(T.self, type: type, patient: nil, query: try connection.statement(
            "SELECT row_id, key_index, record FROM resource WHERE patient_index IS NULL AND resource_type = ?"
        ).bind(.text(type))).values
    }

    /// Opens the sealed rows of `query` (row id, key index, record) one by one. (Decoding on
    /// several threads was measured slower: glibc's per-thread heaps make freeing the values
    /// across threads cost more than the parallel work saves.)
    private func decodeAll<T: BinaryRecord & Sendable>(
        _: T.Type, type: String, patient: Data?, query: SQLiteStatement
    ) throws(CacheError) -> Loaded<T> {
        try readAll(type: type, patient: patient, query: query) { (reader) throws(BinaryRecordError) in
            _ = try ResourceVersion(from: &reader)
            _ = try reader.varint()
            return try T(from: &reader)
        }
    }

    /// Opens the sealed rows of `query` (row id, key index, record) one by one and reads each with `read`.
    private func readAll<T>(
        type: String, patient: Data?, query: SQLiteStatement, read: (inout ByteReader) throws(BinaryRecordError) -> T
    ) throws(CacheError) -> Loaded<T> {
        let place = context(type, patient: patient)
        var loaded = Loaded<T>()
        while try query.step() {
            let rowID = query.int64(0)
            if let value = try open(query.blob(2), place.row(key: query.blob(1) ?? Data()), rowID: rowID, read: read) {
                loaded.values.append(value)
                loaded.rowIDs.append(rowID)
            } else {
                loaded.skipped.append(rowID)
            }
        }
        return loaded
    }

    /// The `type` value stored under `id`, nil when absent or failing its check.
    func value<T: BinaryRecord>(_: T.Type, type: String, id: String) throws(CacheError) -> T? {
        guard let row = try row(type: type, id: id) else { return nil }
        return try open(T.self, row.sealed, row.context, rowID: row.rowID)
    }

    /// The resource's JSON exactly as received, nil when absent or failing its check.
    func rawJSON(type: String, id: String) throws(CacheError) -> Data? {
        guard let row = try row(type: type, id: id) else { return nil }
        return try open(row.sealed, row.context, rowID: row.rowID) { (reader) throws(BinaryRecordError) in
            _ = try ResourceVersion(from: &reader)
            try reader.skipEncoded()
            return reader.tail()
        }
    }

    private func row(type: String, id: String) throws(CacheError) -> (rowID: Int64, sealed: Data?, context: SealContext)? {
        let key = sealer.resourceIndex(type: type, id: id)
        let query = try connection.statement(
            "SELECT row_id, patient_index, record FROM resource WHERE key_index = ? AND resource_type = ?")
        try query.bind(.blob(key), .text(type))
        defer { query.finish() }
        guard try query.step() else { return nil }
        return (query.int64(0), query.blob(2), context(type, key: key, patient: query.blob(1)))
    }

    /// A record's domain value, skipping its version; nil (and logged) when it fails its check.
    private func open<T: BinaryRecord>(_: T.Type, _ sealed: Data?, _ context: SealContext, rowID: Int64) throws(CacheError) -> T? {
        try open(sealed, context, rowID: rowID) { (reader) throws(BinaryRecordError) in
            _ = try ResourceVersion(from: &reader)
            // A reader of its own: the value can tell where its field ends (see `Observation`'s trailing `performer`).
            var value = ByteReader(try reader.encoded())
            return try T(from: &value)
        }
    }

    private func open<T>(
        _ sealed: Data?, _ context: SealContext, rowID: Int64, read: (inout ByteReader) throws(BinaryRecordError) -> T
    ) throws(CacheError) -> T? {
        do {
            return try sealer.open(sealed ?? Data(), context, rowID: rowID, decode: read)
        } catch .tampered(let table, let rowID) {
            integrity.record(.tampered(table: table, rowID: rowID))
            return nil
        }
    }
}

/// Values read from the rows, and the ids of rows left out because they failed their check.
struct Loaded<T> {
    var values: [T] = []
    /// The row each of `values` was read from.
    var rowIDs: [Int64] = []
    var skipped: [Int64] = []
}
