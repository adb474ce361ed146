/// Which patients this workstation keeps in its cache.
public enum Census: Sendable, Hashable {
    /// Patients with an in-progress Encounter at this Location (id, e.g. `loc-ward-5E`).
    case ward(String)
    /// An explicit list of Patient ids.
    case patients([String])
}
