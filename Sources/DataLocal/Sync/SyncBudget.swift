import Foundation

/// How much one census sync may fetch, derived from the patients it syncs (the census and the
/// charts kept off it): `resourcesPerPatient` resources and `baseSeconds` plus
/// `secondsPerPatient` seconds for each. A server whose paging never ends, or that sends far
/// more than any chart holds, stops the sync there with one line; the cache keeps what earlier
/// syncs stored (nothing of this one is, as with any failed sync). The census search itself
/// runs on the budget of one patient, since the census is not known before it ends. The
/// config sets both (`sync_resources_per_patient`, `sync_seconds_per_patient`).
public struct SyncBudget: Sendable, Equatable {
    public var resourcesPerPatient: Int
    public var secondsPerPatient: TimeInterval
    /// Time every sync has whatever its census: `/metadata`, the token, the census search.
    public var baseSeconds: TimeInterval = 60

    public static let defaultResourcesPerPatient = 5_000
    public static let defaultSecondsPerPatient: TimeInterval = 10

    public init(resourcesPerPatient: Int = defaultResourcesPerPatient, secondsPerPatient: TimeInterval = defaultSecondsPerPatient) {
        self.resourcesPerPatient = resourcesPerPatient
        self.secondsPerPatient = secondsPerPatient
    }

    func resources(for patients: Int) -> Int { resourcesPerPatient * max(patients, 1) }

    func seconds(for patients: Int) -> TimeInterval { baseSeconds + secondsPerPatient * Double(max(patients, 1)) }

    static func words(_ patients: Int) -> String { patients == 1 ? "1 patient" : "\(patients) patients" }
}
