import CoreDomain

/// The patient list's own work for the runtime; the answers come back as `PatientListAction`s
/// (`PatientListEffects` carries it out).
public enum PatientListEffect: Equatable, Sendable {
    /// A page of the census (`isRefresh`: what is on screen read again after a sync changed the
    /// cache, not a new query, so it is not audited again: the query was, and the sync is).
    case search(PatientSearch, isRefresh: Bool = false)
    /// The server's patients beyond the census matching the search's `text` (audited as a
    /// search, by the kinds of its terms).
    case searchServer(String)
    /// The chart of a patient found on the server fetched into the cache, to open it.
    case fetchServerPatient(Patient)

    /// List searches run one after another: their audit entries must read in the order they
    /// were typed (a later keystroke's query finishing first would reorder the trail).
    var isOrdered: Bool {
        if case .search = self { true } else { false }
    }
}
