import Foundation

/// The derived `chart_bundle` table: all of one patient's records of one type in a single
/// sealed value. A chart then opens with one row and one decryption instead of one per
/// record (a patient with 5,000 observations opens about three times faster), while the
/// `resource` rows stay the source of truth the bundle is rebuilt from.
///
/// A bundle records how many rows it was built from and which were skipped as tampered; a
/// bundle whose count no longer matches the rows (stale, or an older bundle put back) is not
/// used, and the skipped rows are reported again on every read.
struct ChartBundleTable {
    let resources: ResourceTable

    private var connection: SQLiteConnection { resources.connection }

    private func context(_ type: String, _ patient: Data) -> SealContext {
        SealContext(table: "chart_bundle", column: "payload", resourceType: type, key: patient, patient: patient)
    }

    /// Rebuilds the `type` bundle of `patient` from its rows and returns the values, with the
    /// rows left out. A value that opens but does not decode is left out of both and reported,
    /// like a row failing its check.
    func rebuild<T: BinaryRecord & Sendable>(_: T.Type, type: String, patient: Data) throws(CacheError) -> Loaded<T> {
        let loaded = try resources.loadEncoded(type: type, patient: patient)
        var values = Loaded<T>(skipped: loaded.skipped)
        var kept = Loaded<ArraySlice<UInt8>>(skipped: loaded.skipped)
        values.values.reserveCapacity(loaded.values.count)
        for (encoded, rowID) in zip(loaded.values, loaded.rowIDs) {
            var reader = ByteReader(encoded)
            guard let value = try? T(from: &reader) else {
                resources.integrity.record(.tampered(table: "resource", rowID: rowID))
                kept.skipped.append(rowID)
                values.skipped.append(rowID)
                continue
            }
            values.values.append(value)
            kept.values.append(encoded)
        }
        try store(kept, type: type, patient: patient)
        return values
    }

    /// Rebuilds the `type` bundle of `patient` when nothing needs its values: the rows' bytes
    /// go in as stored, without decoding and encoding every record again.
    func rebuild(type: String, patient: Data) throws(CacheError) {
        try store(try resources.loadEncoded(type: type, patient: patient), type: type, patient: patient)
    }

    private func store(_ loaded: Loaded<ArraySlice<UInt8>>, type: String, patient: Data) throws(CacheError) {
        var writer = ByteWriter()
        writer.write(loaded.values.count + loaded.skipped.count)
        writer.write(loaded.skipped.map(Int.init))
        writer.write(encodedValues: loaded.values)
        try store(derived: writer.bytes, type: type, patient: patient)
    }

    /// A patient's records of one type: from the bundle when it is current, else from the rows.
    func currentValues<T: BinaryRecord & Sendable>(_: T.Type, type: String, patient: Data) throws(CacheError) -> [T] {
        try current(T.self, type: type, patient: patient).values
    }

    /// `currentValues`, with the rows left out for failing their check.
    func current<T: BinaryRecord & Sendable>(_: T.Type, type: String, patient: Data) throws(CacheError) -> Loaded<T> {
        if let bundled = try bundle(T.self, type: type, patient: patient) { return bundled }
        return try resources.load(T.self, type: type, patient: patient)
    }

    /// The bundled values, or nil when the caller must read the rows: no bundle, a bundle that
    /// fails its check (reported), or one that does not match the rows any more.
    func values<T: BinaryRecord>(_: T.Type, type: String, patient: Data) throws(CacheError) -> [T]? {
        try bundle(T.self, type: type, patient: patient)?.values
    }

    /// `values`, with the rows the bundle left out (reported again on every read).
    private func bundle<T: BinaryRecord>(_: T.Type, type: String, patient: Data) throws(CacheError) -> Loaded<T>? {
        let bundle = try derived(type: type, patient: patient) { (reader) throws(BinaryRecordError) in
            reader.sharingRepeatedStrings()
            return (rows: try reader.int(), skipped: try reader.array(Int.self), values: try reader.array(encoded: T.self))
        }
        guard let bundle, bundle.rows == (try resources.count(type: type, patient: patient)) else { return nil }
        for skipped in bundle.skipped { resources.integrity.record(.tampered(table: "resource", rowID: Int64(skipped))) }
        return Loaded(values: bundle.values, skipped: bundle.skipped.map(Int64.init))
    }

    /// Stores a value derived from `patient`'s records under `type` (a name no record type
    /// has, such as `ResultsWorksheetTable.type`), sealed like a bundle.
    func store(derived bytes: [UInt8], type: String, patient: Data) throws(CacheError) {
        try connection.statement("""
            INSERT INTO chart_bundle (patient_index, resource_type, payload, updated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (patient_index, resource_type) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at
            """).bind(.blob(patient), .text(type), .blob(try resources.sealer.seal(bytes, context(type, patient))),
                      .real(Date().timeIntervalSince1970)).run()
    }

    /// Removes what `store(derived:)` stored, if anything.
    func remove(type: String, patient: Data) throws(CacheError) {
        try connection.statement("DELETE FROM chart_bundle WHERE patient_index = ? AND resource_type = ?").bind(.blob(patient), .text(type)).run()
    }

    /// The row stored under `type` for `patient`, opened and read with `decode`; nil when there
    /// is none, or it fails its check (reported).
    func derived<T>(type: String, patient: Data, decode: (inout ByteReader) throws(BinaryRecordError) -> T) throws(CacheError) -> T? {
        let query = try connection.statement("SELECT row_id, payload FROM chart_bundle WHERE patient_index = ? AND resource_type = ?")
        try query.bind(.blob(patient), .text(type))
        guard try query.step() else { return nil }
        let rowID = query.int64(0)
        let sealed = query.blob(1) ?? Data()
        query.finish()
        do {
            return try resources.sealer.open(sealed, context(type, patient), rowID: rowID, decode: decode)
        } catch .tampered(let table, let rowID) {
            resources.integrity.record(.tampered(table: table, rowID: rowID))
            return nil
        }
    }
}
