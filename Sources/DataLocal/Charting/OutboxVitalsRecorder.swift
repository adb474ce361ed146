import CoreDomain
import DataFHIR
import Foundation

/// Charts vital signs into the encrypted cache: each entry becomes FHIR Observations with ids
/// made here, stored, queued and audited in one durable transaction by `OutboxResourceStore`
/// (so the chart shows them at once and the drain PUTs them). Corrections store and queue a
/// new version the same way. What a write is audited as is the caller's (`auditing`: the
/// workstation's save names the nurse's action); a recorder not told refuses to write.
public struct OutboxVitalsRecorder: VitalsCharting {
    private(set) var store: OutboxResourceStore
    let encoder: VitalsObservationEncoder

    /// `performer` names the nurse on every Observation (`performerReference`: their
    /// Practitioner when they logged in at the server; see
    /// `VitalsObservationEncoder.performerDisplay`); `timeZone` is the ward's clock. `rule` is
    /// the one the cache was filled with (see `OutboxResourceStore`); `trail` records who charted.
    public init(
        cache: EncryptedCache, performer: String, performerReference: String? = nil, timeZone: TimeZone = .current,
        storing rule: StoredValueRule = .asDecoded, trail: CacheAuditTrail
    ) {
        store = OutboxResourceStore(cache: cache, storing: rule, trail: trail)
        encoder = VitalsObservationEncoder(performer: performer, performerReference: performerReference, timeZone: timeZone)
    }

    /// Returns the new Observations' ids, in chart order; an empty entry saves nothing.
    public func record(_ entry: VitalsEntry) async throws -> [String] {
        guard !entry.isEmpty else { return [] }
        let charted = encoder.observations(for: entry)
        try store.store(charted)
        return charted.map(\.id)
    }

    public func markEnteredInError(observationIDs: [String], patientID: String, reason: String) async throws {
        try store.store(try observationIDs.map { id in
            try store.correction(Observation.self, type: "Observation", id: id, patientID: patientID, reason: reason)
        })
    }

    public func outboxStatus() async throws -> OutboxStatus {
        try store.outboxStatus()
    }

    public func auditing(_ actions: [AuditAction]) -> any VitalsCharting {
        var audited = self
        audited.store = store.auditing(actions)
        return audited
    }
}
