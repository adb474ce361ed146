import DataFHIR
import DataLocal
import Foundation

/// One sync, as `emr sync` and the online workstation both run it under the sync lock the
/// caller holds: the server's capabilities, then the outbox (charted entries go first, so the
/// census brings the server's copies back settled), then the census (stored with its audit
/// entry, `CensusSync`), then the purge of patients past the retention period. A failure is
/// recorded in the audit trail before it is thrown; each caller says how it went in its terms.
struct SyncRun: Sendable {
    var client: FHIRClient
    var cache: EncryptedCache
    var census: Census
    var trail: CacheAuditTrail
    /// How long patients who left the census stay cached (`retention_days`).
    var retention: TimeInterval

    struct Outcome: Sendable {
        var capabilities: CapabilityReport
        var drained: DrainOutcome
        var report: SyncReport
        /// The purge is upkeep after a sync that worked: its failure does not undo the sync.
        var purge: Result<CensusRetention.Outcome, any Error>
    }

    /// What stopped a sync, and whether charted entries reached the server (and the cache
    /// changed) before it did.
    struct Failure: Error {
        var error: any Error
        var cacheChanged: Bool
    }

    func run() async throws(Failure) -> Outcome {
        var changed = false
        do {
            let capabilities = try await client.capabilities()
            let drained = await SyncCommand.drainOutbox(OutboxDrain(client: client, cache: cache, trail: trail))
            changed = drained.report.sent + drained.report.failed > 0
            if case .failure(let failure) = drained, failure.offline {
                throw FHIRClientError.unreachable(server: client.serverName, reason: "lost while sending charted entries")
            }
            let report = try await CensusSync(client: client, cache: cache, trail: trail).run(census)
            let purge = Result { () throws(any Error) in try CensusRetention(cache: cache, trail: trail, period: retention).purgeExpired(at: Date()) }
            return Outcome(capabilities: capabilities, drained: drained, report: report, purge: purge)
        } catch {
            // Best effort: the failure itself is what the user must hear about.
            try? trail.record(.sync, patientID: nil, outcome: .failure)
            throw Failure(error: error, cacheChanged: changed)
        }
    }
}
