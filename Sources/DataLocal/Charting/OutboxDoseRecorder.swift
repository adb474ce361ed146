import CoreDomain
import DataFHIR
import Foundation

/// Records doses into the encrypted cache as FHIR MedicationAdministrations with ids made
/// here, stored, queued and audited in one durable transaction by `OutboxResourceStore`,
/// exactly as vital signs are: the MAR shows the dose at once and the drain PUTs it once. What
/// a write is audited as is the caller's (`auditing`); a recorder not told refuses to write.
public struct OutboxDoseRecorder: DoseCharting {
    private var store: OutboxResourceStore
    private let encoder: MedicationAdministrationEncoder
    /// A PRN dose's effect is an Observation, written as charted ones are.
    private let observations: VitalsObservationEncoder

    /// `performer` names the nurse (see `VitalsObservationEncoder.performerDisplay`), and
    /// `performerReference` their Practitioner when they logged in at the server;
    /// `timeZone` is the ward's clock; `rule` the one the cache was filled with; `trail`
    /// records who recorded.
    public init(
        cache: EncryptedCache, performer: String, performerReference: String? = nil, timeZone: TimeZone = .current,
        storing rule: StoredValueRule = .asDecoded, trail: CacheAuditTrail
    ) {
        store = OutboxResourceStore(cache: cache, storing: rule, trail: trail)
        encoder = MedicationAdministrationEncoder(performer: performer, performerReference: performerReference, timeZone: timeZone)
        observations = VitalsObservationEncoder(performer: performer, performerReference: performerReference, timeZone: timeZone)
    }

    public func record(_ dose: DoseRecord) async throws -> String {
        let charted = encoder.administration(for: dose)
        try store.store([charted])
        return charted.id
    }

    public func recordEffect(_ entry: PRNEffectEntry) async throws -> String {
        let charted = observations.observation(for: entry)
        try store.store([charted])
        return charted.id
    }

    public func markEnteredInError(administrationID: String, patientID: String, reason: String) async throws {
        try store.store([try store.correction(MedicationAdministration.self, type: "MedicationAdministration", id: administrationID,
                                              patientID: patientID, reason: reason)])
    }

    public func auditing(_ actions: [AuditAction]) -> any DoseCharting {
        var audited = self
        audited.store = store.auditing(actions)
        return audited
    }
}
