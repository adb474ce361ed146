import CoreDomain
import DataFHIR
import DataLocal
import Foundation
import SharedPresentation

/// One sync of the online workstation, and how it went as the workstation's action. When
/// syncs run (at once, every interval, sooner after a failure) is the state's `SyncSchedule`.
struct BackgroundSync: Sendable {
    var client: FHIRClient
    var cache: EncryptedCache
    var census: Census
    var directory: CachedPatientDirectory
    var trail: CacheAuditTrail
    /// Where the sync lock lives: the cache directory, shared with `emr sync`.
    var lockDirectory: String
    /// How long patients who left the census stay cached (`retention_days`).
    var retention: TimeInterval

    /// One sync under the lock, recorded in the audit trail; the answer for the workstation.
    /// The outbox drains first, so the census sync brings the server's copies back settled;
    /// a drain that stops short of the end is reported once the census is in.
    func syncOnce() async -> WorkstationAction {
        // The purge is upkeep after a sync that worked: its failure does not undo the sync.
        var purgeError: (any Error)?
        let drained: DrainOutcome
        // Whether anything reached the cache before a failure, so the workstation shows it.
        var changed = false
        do {
            let lock = try SyncLock(directory: lockDirectory)
            defer { withExtendedLifetime(lock) {} }
            _ = try await client.capabilities()
            drained = await SyncCommand.drainOutbox(OutboxDrain(client: client, cache: cache, trail: trail))
            changed = drained.report.sent + drained.report.failed > 0
            if case .failure(let failure) = drained, failure.offline {
                throw FHIRClientError.unreachable(server: client.serverName, reason: "lost while sending charted entries")
            }
            _ = try await CensusSync(client: client, cache: cache, trail: trail).run(census)
            changed = true
            do { _ = try CensusRetention(cache: cache, trail: trail, period: retention).purgeExpired(at: Date()) } catch { purgeError = error }
            try directory.reload()
        } catch {
            // Best effort: the failure itself is what the user must hear about.
            try? trail.record(.sync, patientID: nil, outcome: .failure)
            return .syncFailed(Self.message(for: error), offline: Self.isUnreachable(error), cacheChanged: changed)
        }
        if case .failure(let failure) = drained { return .syncFailed("synced, but \(failure)", offline: false, cacheChanged: true) }
        if let purgeError {
            return .syncFailed(
                "synced, but patients who left the census were not purged: \(Self.message(for: purgeError))", offline: false, cacheChanged: true)
        }
        return .syncFinished(at: Date())
    }

    /// One line without PHI: these errors name the server and the request kind, never a record.
    static func message(for error: any Error) -> String {
        switch error {
        case let error as FHIRClientError: error.description
        case let error as CacheError: error.description
        default: UserMessage.describe(error)
        }
    }

    static func isUnreachable(_ error: any Error) -> Bool {
        switch error as? FHIRClientError {
        case .unreachable?, .timedOut?: true
        default: false
        }
    }
}
