import CoreDomain
import DataFHIR
import Foundation

/// Charts vital signs into the encrypted cache: each entry becomes FHIR Observations with ids
/// made here, stored in the cache's resource table (so the chart shows them at once) and
/// queued in the outbox for the drain to PUT, all in one transaction that is on disk before
/// `record` returns. Corrections store and queue a new version the same way. Nothing here
/// writes the audit trail: whoever records the user's action audits it (the workstation's
/// effect runner), as for chart views.
public struct OutboxVitalsRecorder: VitalsCharting {
    private let cache: EncryptedCache
    let encoder: VitalsObservationEncoder
    private let reader = FHIRReader()
    private let rule: StoredValueRule

    /// `performer` names the nurse on every Observation (see
    /// `VitalsObservationEncoder.performerDisplay`); `timeZone` is the ward's clock. `rule` is
    /// the one the cache was filled with, so a charted or corrected value, decoded from the JSON
    /// written here, is stored the way its neighbours were.
    public init(cache: EncryptedCache, performer: String, timeZone: TimeZone = .current, storing rule: StoredValueRule = .asDecoded) {
        self.cache = cache
        encoder = VitalsObservationEncoder(performer: performer, timeZone: timeZone)
        self.rule = rule
    }

    /// Returns the new Observations' ids, in chart order; an empty entry saves nothing.
    public func record(_ entry: VitalsEntry) async throws -> [String] {
        guard !entry.isEmpty else { return [] }
        let charted = encoder.observations(for: entry)
        try store(charted)
        return charted.map(\.id)
    }

    public func markEnteredInError(observationIDs: [String], patientID: String, reason: String) async throws {
        var corrected: [ChartedObservation] = []
        for id in observationIDs {
            guard let stored = try storedJSON(observationID: id, patientID: patientID) else { throw ChartingError.notInChart }
            guard let json = ObservationCorrection.enteredInError(stored, reason: reason) else { throw ChartingError.unreadableResource }
            corrected.append(ChartedObservation(id: id, patientID: patientID, json: json, serverVersion: ObservationCorrection.serverVersion(of: stored)))
        }
        try store(corrected)
    }

    /// The Observation's JSON as stored, when it is in the cache and belongs to `patientID`.
    private func storedJSON(observationID id: String, patientID: String) throws(CacheError) -> Data? {
        try cache.read { (resources) throws(CacheError) -> Data? in
            guard try resources.value(Observation.self, type: "Observation", id: id)?.patientID == patientID else { return nil }
            return try resources.rawJSON(type: "Observation", id: id)
        }
    }

    public func outboxStatus() async throws -> OutboxStatus {
        try Outbox(cache: cache).status()
    }

    /// Decodes each resource as any server copy would be read (what the chart shows is what
    /// is sent), then stores and queues them all in one durable transaction.
    func store(_ observations: [ChartedObservation]) throws {
        var decoded: [(ChartedObservation, DecodedResource)] = []
        for observation in observations {
            let read = reader.read(observation.json, file: "charting")
            guard let resource = read.resources.first, read.problems.allSatisfy({ $0.severity != .error }) else {
                throw ChartingError.unreadableResource
            }
            decoded.append((observation, resource))
        }
        try cache.writeDurably { (resources) throws(CacheError) in
            var session = try ImportSession(resources: resources, file: "charting", keepUnsent: false)
            let outbox = OutboxTable(connection: resources.connection, sealer: resources.sealer)
            for (observation, resource) in decoded {
                try session.add(rule.stored(resource))
                let envelope = OutboxEnvelope(resourceType: "Observation", id: observation.id, patientID: observation.patientID,
                                              ifMatch: observation.serverVersion, json: observation.json)
                try outbox.enqueue(envelope.bytes, resource: resources.sealer.resourceIndex(type: "Observation", id: observation.id),
                                   patient: resources.sealer.patientIndex(observation.patientID))
            }
            try session.finish()
        }
    }
}
