import Foundation

/// When one user last opened each patient's Results tab, so results that reached the cache
/// since are marked new for them (and for no one else). The encrypted cache implements it,
/// sealed, for the session's user.
public protocol ResultViews: Sendable {
    /// When this user last opened `patientID`'s results; `.distantPast` when they never have,
    /// so every result is new to them.
    func lastViewed(patientID: String) async throws -> Date
    /// Records that this user opened `patientID`'s results at `time`.
    func recordViewed(patientID: String, at time: Date) async throws
}
