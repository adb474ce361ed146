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
        let outcome: SyncRun.Outcome
        do {
            let lock = try SyncLock(directory: lockDirectory)
            defer { withExtendedLifetime(lock) {} }
            outcome = try await SyncRun(client: client, cache: cache, census: census, trail: trail, retention: retention).run()
        } catch let failure as SyncRun.Failure {
            return .syncFailed(Self.message(for: failure.error), offline: Self.isUnreachable(failure.error), cacheChanged: failure.cacheChanged)
        } catch {
            // The lock: another sync is running, nothing changed. Best effort, as any failure.
            try? trail.record(.sync, patientID: nil, outcome: .failure)
            return .syncFailed(Self.message(for: error), offline: false, cacheChanged: false)
        }
        do {
            try directory.reload()
        } catch {
            return .syncFailed("synced, but the list could not be read again: \(Self.message(for: error))", offline: false, cacheChanged: true)
        }
        if case .failure(let failure) = outcome.drained { return .syncFailed("synced, but \(failure)", offline: false, cacheChanged: true) }
        if case .failure(let purgeError) = outcome.purge {
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
