import CoreDomain
import Foundation

/// Patients who left the census stay cached for `period` after the last sync that saw them on
/// it, so a transfer back or a question about the stay still finds the chart offline; then
/// they are purged (see `CensusHistory` for when each was last seen).
///
/// A patient with unsent (pending or failed) outbox changes is not purged: deleting the chart
/// a change was charted on would strand that change. An unsent item that names no patient
/// (queued before the outbox recorded patients) holds every purge until it is sent.
public struct CensusRetention: Sendable {
    /// What one `purgeExpired` did.
    public struct Outcome: Sendable, Equatable {
        /// Patients whose cached data was deleted.
        public var purged = 0
        /// Patients past the period kept because the outbox holds unsent changes for them.
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
        let due = try cache.database.withConnection { (connection) throws(CacheError) in try self.due(history, now, connection) }
        guard !due.isEmpty else { return Outcome() }
        let purgeable = try cache.database.withConnection { (connection) throws(CacheError) in try free(due, connection) }
        guard !purgeable.isEmpty else { return Outcome(heldForOutbox: due.count) }
        try trail.record(.purge(patients: purgeable.count), patientID: nil, outcome: .success)
        let purged: Bool
        do {
            purged = try cache.database.write { (connection) throws(CacheError) -> Bool in
                // Re-checked in the transaction: a change charted, or a chart fetched (seen
                // again), since the checks above wins.
                let stillDue = Set(try self.due(history, now, connection))
                guard try free(purgeable, connection) == purgeable, purgeable.allSatisfy(stillDue.contains) else { return false }
                let purge = PatientPurge(connection: connection)
                for id in purgeable { try purge.purge(patient: cache.sealer.patientIndex(id)) }
                try ResultViewTable(connection: connection, sealer: cache.sealer, integrity: cache.integrity).forget(patientIDs: Set(purgeable))
                var seen = try history.lastSeen(on: connection)
                for id in purgeable { seen[id] = nil }
                try history.setLastSeen(seen, on: connection)
                return true
            }
        } catch {
            try? trail.record(.purge(patients: purgeable.count), patientID: nil, outcome: .failure)
            throw error
        }
        guard purged else {
            try? trail.record(.purge(patients: purgeable.count), patientID: nil, outcome: .failure)
            return Outcome(heldForOutbox: due.count)
        }
        return Outcome(purged: purgeable.count, heldForOutbox: due.count - purgeable.count)
    }

    /// The patients off the census whose last sighting is `period` or more before `now`.
    private func due(_ history: CensusHistory, _ now: Date, _ connection: SQLiteConnection) throws(CacheError) -> [String] {
        let onCensus = Set(try history.census(on: connection))
        return try history.lastSeen(on: connection)
            .filter { !onCensus.contains($0.key) && now.timeIntervalSince1970 - $0.value >= period }.map(\.key)
    }

    /// The patients of `due` with no unsent outbox change, in `due`'s order.
    private func free(_ due: [String], _ connection: SQLiteConnection) throws(CacheError) -> [String] {
        let unsent = "FROM outbox WHERE state IN ('pending', 'failed')"
        guard try connection.integer("SELECT count(*) \(unsent) AND patient_index IS NULL") == 0 else { return [] }
        let query = try connection.statement("SELECT DISTINCT patient_index \(unsent)")
        var holding = Set<Data>()
        while try query.step() {
            if let index = query.blob(0) { holding.insert(index) }
        }
        return due.filter { !holding.contains(cache.sealer.patientIndex($0)) }
    }
}
