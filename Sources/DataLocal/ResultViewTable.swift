import Foundation

/// The `result_view` table: for each user, when they last opened each patient's Results tab.
/// One row per user, found by the blind index of their name and sealed whole (patient ids and
/// times are never in plaintext), so the patient list reads a user's views with one query.
struct ResultViewTable {
    let connection: SQLiteConnection
    let sealer: RecordSealer
    /// Where a row failing its check is reported, as any damaged record is (`IntegrityWatch`).
    let integrity: IntegrityLog

    private func context(_ index: Data) -> SealContext {
        SealContext(table: "result_view", column: "views", key: index)
    }

    /// When `user` last opened each patient's results, by patient id; empty when never, or when
    /// their row fails its check (every result then reads as new: the safe side, and the row is
    /// reported to the integrity log).
    func views(of user: String) throws(CacheError) -> [String: Date] {
        let index = sealer.viewerIndex(user)
        let query = try connection.statement("SELECT row_id, views FROM result_view WHERE viewer_index = ?")
        try query.bind(.blob(index))
        defer { query.finish() }
        guard try query.step() else { return [:] }
        let views = opened(query.blob(1) ?? Data(), index: index, rowID: query.int64(0))
        return Dictionary(views.map { ($0.patientID, $0.viewed) }, uniquingKeysWith: max)
    }

    /// Records that `user` opened `patientID`'s results at `time`, in the caller's transaction
    /// (a read, then a write of the user's one row).
    func record(user: String, patientID: String, at time: Date) throws(CacheError) {
        var views = try views(of: user)
        views[patientID] = max(time, views[patientID] ?? time)
        try store(views, index: sealer.viewerIndex(user))
    }

    /// Forgets every user's views of `patientIDs` (purged patients), in the caller's
    /// transaction: nothing of a purged patient stays, sealed or not.
    func forget(patientIDs: Set<String>) throws(CacheError) {
        let query = try connection.statement("SELECT row_id, viewer_index, views FROM result_view")
        var rows: [(index: Data, views: [ResultView])] = []
        while try query.step() {
            let index = query.blob(1) ?? Data()
            // A row failing its check is rewritten without its views: every result then reads new.
            rows.append((index, opened(query.blob(2) ?? Data(), index: index, rowID: query.int64(0))))
        }
        for row in rows where row.views.contains(where: { patientIDs.contains($0.patientID) }) {
            try store(Dictionary(row.views.filter { !patientIDs.contains($0.patientID) }.map { ($0.patientID, $0.viewed) },
                                 uniquingKeysWith: max), index: row.index)
        }
    }

    /// One row's views; none when it fails its check, which is reported by row id.
    private func opened(_ sealed: Data, index: Data, rowID: Int64) -> [ResultView] {
        do {
            return try sealer.open(sealed, context(index), rowID: rowID) { (reader) throws(BinaryRecordError) in
                try reader.array(ResultView.self)
            }
        } catch {
            integrity.record(.tampered(table: "result_view", rowID: rowID))
            return []
        }
    }

    private func store(_ views: [String: Date], index: Data) throws(CacheError) {
        var writer = ByteWriter()
        writer.write(views.sorted { $0.key < $1.key }.map { ResultView(patientID: $0.key, viewed: $0.value) })
        try connection.statement("""
            INSERT INTO result_view (viewer_index, views, updated_at) VALUES (?, ?, ?)
            ON CONFLICT (viewer_index) DO UPDATE SET views = excluded.views, updated_at = excluded.updated_at
            """).bind(.blob(index), .blob(try sealer.seal(writer.bytes, context(index))), .real(Date().timeIntervalSince1970)).run()
    }
}

/// One patient's Results tab, opened by one user at `viewed`.
struct ResultView: RecordFields, Equatable {
    var patientID: String
    var viewed: Date

    static var blank: ResultView { ResultView(patientID: "", viewed: .blank) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&patientID)
        try coder.code(&viewed)
    }
}
