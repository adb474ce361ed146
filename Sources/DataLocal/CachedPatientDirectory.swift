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
public final class CachedPatientDirectory: PatientDirectory {
    private let cache: EncryptedCache
    private let index: Mutex<PatientSearchIndex>

    public init(cache: EncryptedCache) throws(CacheError) {
        self.cache = cache
        index = Mutex(try Self.buildIndex(cache))
    }

    /// Re-reads the list rows and the census after the cache changed.
    public func reload() throws(CacheError) {
        let rebuilt = try Self.buildIndex(cache)
        index.withLock { $0 = rebuilt }
    }

    /// Reads one patient's row again, after charting here changed what it shows (the
    /// abnormal marker): the rest of the index, and the row's census mark, stay as they are.
    public func refresh(patientID: String) async throws {
        let entry = try cache.read { (resources) throws(CacheError) in
            try PatientListTable(resources: resources).entry(patient: resources.sealer.patientIndex(patientID))
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

    private static func buildIndex(_ cache: EncryptedCache) throws(CacheError) -> PatientSearchIndex {
        PatientSearchIndex(entries: try cache.read { (resources) throws(CacheError) in
            var entries = try PatientListTable(resources: resources).entries()
            if let census = try CensusHistory(cache: cache).recordedCensus(on: resources.connection).map(Set.init) {
                for index in entries.indices { entries[index].isOffCensus = !census.contains(entries[index].id) }
            }
            return entries
        })
    }
}
