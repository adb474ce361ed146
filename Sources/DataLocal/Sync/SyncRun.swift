import CoreDomain
import DataFHIR
import Foundation

/// One sync, the same for `emr sync` and the online workstation: the sync lock, the server's
/// capabilities, then the outbox (charted entries go first, so the census brings the server's
/// copies back settled), then the census (stored with its audit entry, `CensusSync`), then the
/// purge of patients past the retention period, and the lock released. Every failure, another
/// sync holding the lock included, is recorded in the audit trail before it is thrown; each
/// caller says how it went in its terms. Uploading the audit trail is not part of it: `emr
/// sync` does that after the lock is released, the workstation leaves it to `emr sync`.
public struct SyncRun: Sendable {
    public var client: FHIRClient
    public var cache: EncryptedCache
    public var census: Census
    public var trail: CacheAuditTrail
    /// How long patients who left the census stay cached (`retention_days`).
    public var retention: TimeInterval
    /// Where the sync lock lives: the cache directory, shared by every sync of this cache.
    public var lockDirectory: String
    /// How much the census sync may fetch (`sync_resources_per_patient`, `sync_seconds_per_patient`).
    public var budget: SyncBudget
    /// The time the retention period is counted to, and a finished sync is stamped with.
    public var now: @Sendable () -> Date

    public init(
        client: FHIRClient, cache: EncryptedCache, census: Census, trail: CacheAuditTrail, retention: TimeInterval, lockDirectory: String,
        budget: SyncBudget = SyncBudget(), now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.now = now
        self.client = client
        self.cache = cache
        self.census = census
        self.trail = trail
        self.retention = retention
        self.lockDirectory = lockDirectory
        self.budget = budget
    }

    public struct Outcome: Sendable {
        public var capabilities: CapabilityReport
        public var drained: DrainOutcome
        public var report: SyncReport
        /// The purge is upkeep after a sync that worked: its failure does not undo the sync.
        public var purge: Result<CensusRetention.Outcome, any Error>
    }

    /// What stopped a sync, and whether charted entries reached the server (and the cache
    /// changed) before it did.
    public struct Failure: Error {
        public var error: any Error
        public var cacheChanged: Bool

        /// The server could not be reached or did not answer in time: the workstation is OFFLINE.
        public var isOffline: Bool {
            switch error as? FHIRClientError {
            case .unreachable?, .timedOut?: true
            default: false
            }
        }
    }

    /// One sync of the census (`patients` nil), or of those census patients only: what the
    /// listener named. Either way the same path: the lock, the capabilities, the outbox first
    /// (an entry charted a moment ago goes out with the next result's sync, not five minutes
    /// later), then the fetch, then the purge, all recorded alike; only the fetch differs
    /// (`CensusSync.syncPatients`: those patients' changes, the census not read again).
    public func run(patients: [String]? = nil) async throws(Failure) -> Outcome {
        var changed = false
        do {
            let lock = try SyncLock(directory: lockDirectory)
            defer { withExtendedLifetime(lock) {} }
            let capabilities = try await client.capabilities()
            let drained = await DrainOutcome.draining(OutboxDrain(client: client, cache: cache, trail: trail))
            changed = drained.report.sent + drained.report.failed > 0
            if case .failure(let failure) = drained, failure.offline {
                throw FHIRClientError.unreachable(server: client.serverName, reason: "lost while sending charted entries")
            }
            var sync = CensusSync(client: client, cache: cache, trail: trail)
            sync.budget = budget
            let report = if let patients { try await sync.syncPatients(patients) } else { try await sync.run(census) }
            let purge = Result { () throws(any Error) in try CensusRetention(cache: cache, trail: trail, period: retention).purgeExpired(at: now()) }
            return Outcome(capabilities: capabilities, drained: drained, report: report, purge: purge)
        } catch {
            // Best effort: the failure itself is what the user must hear about.
            try? trail.record(.sync, patientID: nil, outcome: .failure)
            throw Failure(error: error, cacheChanged: changed)
        }
    }

    /// One line without PHI: these errors name the server and the request kind, never a record.
    public static func message(for error: any Error) -> String {
        switch error {
        case let error as FHIRClientError: error.description
        case let error as CacheError: error.description
        default: UserMessage.describe(error)
        }
    }
}
