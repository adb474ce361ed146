import Foundation

/// Deletes everything the cache holds for one patient, inside the caller's transaction: their
/// resources (the Patient belongs to itself, so it goes too) and every row derived from them.
/// Shared resources (locations, practitioners) stay, and so does the audit trail, which must
/// outlive the data it describes.
struct PatientPurge {
    /// The tables keyed by the patient's blind index. A new table holding a patient's data
    /// belongs here, or a purge would leave it behind. The outbox's items carry copies of
    /// what was charted; a patient is purged only once every one of them is sent.
    static let tables = ["resource", "chart_bundle", "patient_list", "outbox"]

    let connection: SQLiteConnection

    /// Returns how many rows were deleted (0 when nothing was cached for the patient).
    @discardableResult
    func purge(patient: Data) throws(CacheError) -> Int {
        var deleted = 0
        for table in Self.tables {
            try connection.statement("DELETE FROM \(table) WHERE patient_index = ?").bind(.blob(patient)).run()
            deleted += connection.changes
        }
        return deleted
    }
}
