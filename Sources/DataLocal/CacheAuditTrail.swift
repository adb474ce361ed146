import CoreDomain
import Foundation

/// The `AuditTrail` the workstation and commands record through: stamps each action with the
/// session's actor and the time, and appends it to the cache's `AuditLog`.
public struct CacheAuditTrail: AuditTrail {
    private let log: AuditLog
    private let actor: AuditActor
    private let clock: @Sendable () -> Date

    public init(cache: EncryptedCache, actor: AuditActor, clock: @escaping @Sendable () -> Date = Date.init) {
        log = AuditLog(cache: cache)
        self.actor = actor
        self.clock = clock
    }

    public func record(_ action: AuditAction, patientID: String?, outcome: AuditOutcome) throws(CacheError) {
        try log.append(event(action, patientID: patientID, outcome: outcome))
    }

    /// One transaction and one anchor for all of them: each commit is written through to the
    /// disk and so is the anchor after it, so entry by entry the due list's 25 patients took
    /// half a second, and the screen sent its "reading…" frame before the list drawn over it.
    public func record(_ action: AuditAction, patientIDs: [String], outcome: AuditOutcome) throws(CacheError) {
        try log.append(patientIDs.map { event(action, patientID: $0, outcome: outcome) })
    }

    /// Records `action` in the durable transaction open on `connection`, so it commits with the
    /// data it describes or not at all (a kill between the two left data no entry described).
    func record(_ action: AuditAction, patientID: String? = nil, outcome: AuditOutcome, on connection: SQLiteConnection) throws(CacheError) {
        try log.append(event(action, patientID: patientID, outcome: outcome), on: connection)
    }

    /// Records each of `entries` in the durable transaction open on `connection`, checking the
    /// chain against its anchor once for them all (a batch of imported files).
    func record(_ entries: [(AuditAction, AuditOutcome)], on connection: SQLiteConnection) throws(CacheError) {
        try log.append(entries.map { event($0.0, patientID: nil, outcome: $0.1) }, on: connection)
    }

    private func event(_ action: AuditAction, patientID: String?, outcome: AuditOutcome) -> AuditEvent {
        AuditEvent(time: clock(), actor: actor, action: action, patientID: patientID, outcome: outcome)
    }
}
