import CoreDomain
import CoreUseCases
import Synchronization

/// The census from the cache's sealed list rows. The rows are opened once (at unlock, and on
/// `reload` after an import or sync) into an in-memory search index, so searching never
/// needs plaintext on disk and a keystroke never touches SQLite.
///
/// Rows of patients not on the last sync's census are marked `isOffCensus` as the index is
/// built (the census is read with the rows, not per search). Before any sync (the demo, or a
/// cache filled by `emr import`) there is no census to be off, so nothing is marked.
///
/// With a `resultsViewer` (the session's user), rows whose newest result arrived after that
/// user last opened the patient's Results tab are marked `hasNewResults`, read with the rows.
public final class CachedPatientDirectory: PatientDirectory {
    private let cache: EncryptedCache
    private let resultsViewer: String?
    private let index: Mutex<PatientSearchIndex>

    public init(cache: EncryptedCache, resultsViewer: String? = nil) throws(CacheError) {
        self.cache = cache
        self.resultsViewer = resultsViewer
        index = Mutex(try Self.buildIndex(cache, resultsViewer: resultsViewer))
    }

    /// Re-reads the list rows and the census after the cache changed.
    public func reload() throws(CacheError) {
        let rebuilt = try Self.buildIndex(cache, resultsViewer: resultsViewer)
        index.withLock { $0 = rebuilt }
    }

    /// Reads one patient's row again, after charting here changed what it shows (the
    /// abnormal marker) or their results were viewed: the rest of the index, and the row's
    /// census mark, stay as they are.
    public func refresh(patientID: String) async throws {
        let resultsViewer = resultsViewer
        let entry = try cache.read { (resources) throws(CacheError) -> PatientListEntry? in
            guard let entry = try PatientListTable(resources: resources).entry(patient: resources.sealer.patientIndex(patientID)) else { return nil }
            return try Self.markingNewResults([entry], for: resultsViewer, resources).first
        }
        guard let entry else { return }
        index.withLock { $0 = $0.replacing(entry) }
    }

    public func listEntries(ward: String?) async throws -> [PatientListEntry] {
        index.withLock { $0.page(for: PatientSearch(ward: ward, limit: .max)).entries }
    }

    public func wards() async throws -> [String] {
        index.withLock { $0.wards }
    }

    public func search(_ search: PatientSearch) async throws -> PatientPage {
        index.withLock { $0.page(for: search) }
    }

    private static func buildIndex(_ cache: EncryptedCache, resultsViewer: String?) throws(CacheError) -> PatientSearchIndex {
        PatientSearchIndex(entries: try cache.read { (resources) throws(CacheError) in
            var entries = try PatientListTable(resources: resources).entries()
            if let census = try CensusHistory(cache: cache).recordedCensus(on: resources.connection).map(Set.init) {
                for index in entries.indices { entries[index].isOffCensus = !census.contains(entries[index].id) }
            }
            return try markingNewResults(entries, for: resultsViewer, resources)
        })
    }

    /// `entries` with `hasNewResults` set for `viewer` (nothing marked without one).
    private static func markingNewResults(
        _ entries: [PatientListEntry], for viewer: String?, _ resources: ResourceTable
    ) throws(CacheError) -> [PatientListEntry] {
        guard let viewer else { return entries }
        let views = try ResultViewTable(connection: resources.connection, sealer: resources.sealer, integrity: resources.integrity).views(of: viewer)
        // In place: a copy of each row is a copy of everything it holds, 100,000 times at unlock.
        var entries = entries
        for index in entries.indices {
            entries[index].hasNewResults = entries[index].newestResultArrival.map { $0 > views[entries[index].id] ?? .distantPast } ?? false
        }
        return entries
    }
}
