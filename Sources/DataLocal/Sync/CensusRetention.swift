import CoreDomain
import Foundation

/// Patients who left the census stay cached for `period` after the last sync that saw them on
/// it, so a transfer back or a question about the stay still finds the chart offline; then
/// they are purged (see `CensusHistory` for when each was last seen).
///
/// No patient is purged while the outbox holds unsent (pending or failed) changes: its
/// payloads do not say, in a form this code can read, which patient they are for, and
/// deleting the chart a change was charted on could strand that change. The purge waits
/// until the outbox is empty.
public struct CensusRetention: Sendable {
    /// What one `purgeExpired` did.
    public struct Outcome: Sendable, Equatable {
        /// Patients whose cached data was deleted.
        public var purged = 0
        /// Patients past the period kept because the outbox holds unsent changes.
        public var heldForOutbox = 0
    }

    private let cache: EncryptedCache
    private let trail: any AuditTrail
    public var period: TimeInterval

    public init(cache: EncryptedCache, trail: any AuditTrail, period: TimeInterval) {
        self.cache = cache
        self.trail = trail
        self.period = period
    }

    /// Purges the patients off the last sync's census who were last seen on it `period` or
    /// more before `now`. The purge is recorded (a count, no ids) before anything is deleted,
    /// like a wipe; one that then does not happen is recorded again as a failure.
    public func purgeExpired(at now: Date) throws -> Outcome {
        let history = CensusHistory(cache: cache)
        let onCensus = Set(try history.census())
        var seen = try history.lastSeen()
        let due = seen.filter { !onCensus.contains($0.key) && now.timeIntervalSince1970 - $0.value >= period }.map(\.key)
        guard !due.isEmpty else { return Outcome() }
        let held = Outcome(heldForOutbox: due.count)
        guard try unsentCount() == 0 else { return held }
        for id in due { seen[id] = nil }
        let remaining = try JSONEncoder().encode(seen)
        try trail.record(.purge(patients: due.count), patientID: nil, outcome: .success)
        let outcome: Outcome
        do {
            outcome = try cache.database.write { (connection) throws(CacheError) -> Outcome in
                // Re-checked in the transaction: a change charted since the check above wins.
                guard try Self.unsentCount(connection) == 0 else { return held }
                let purge = PatientPurge(connection: connection)
                for id in due { try purge.purge(patient: cache.sealer.patientIndex(id)) }
                try SecretStore(cache: cache).set(remaining, named: CensusHistory.lastSeenSecret, on: connection)
                return Outcome(purged: due.count)
            }
        } catch {
            try? trail.record(.purge(patients: due.count), patientID: nil, outcome: .failure)
            throw error
        }
        if outcome == held { try? trail.record(.purge(patients: due.count), patientID: nil, outcome: .failure) }
        return outcome
    }

    private func unsentCount() throws(CacheError) -> Int64 {
        try cache.database.withConnection { (connection) throws(CacheError) in try Self.unsentCount(connection) }
    }

    private static func unsentCount(_ connection: SQLiteConnection) throws(CacheError) -> Int64 {
        try connection.integer("SELECT count(*) FROM outbox WHERE state IN ('pending', 'failed')")
    }
}
