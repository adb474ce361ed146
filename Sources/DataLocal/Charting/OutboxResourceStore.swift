import CoreDomain
import DataFHIR
import Foundation

/// Stores resources charted at this workstation (vital signs, doses given) into the encrypted
/// cache, queues each in the outbox for the drain to PUT to its client-assigned id, and records
/// the nurse's action in the audit trail, all in one transaction that is on disk before `store`
/// returns: a kill -9 leaves all of them or none (a kill between a save and its own audit
/// commit once left saved values no entry described), and a resend after a lost answer
/// replaces the server's one copy (`OutboxDrain`). Every charting recorder goes through here,
/// so there is one way a charted resource is kept.
struct OutboxResourceStore: Sendable {
    private let cache: EncryptedCache
    private let reader = FHIRReader()
    private let rule: StoredValueRule
    private let trail: CacheAuditTrail
    /// What each write is recorded as (`auditing`); none refuses every write.
    private var audited: [AuditAction] = []

    /// `rule` is the one the cache was filled with, so a charted value, decoded from the JSON
    /// written here, is stored the way its neighbours were; `trail` records who wrote it.
    init(cache: EncryptedCache, storing rule: StoredValueRule, trail: CacheAuditTrail) {
        self.cache = cache
        self.rule = rule
        self.trail = trail
    }

    /// This store with each write recording `actions` for the patient it writes.
    func auditing(_ actions: [AuditAction]) -> OutboxResourceStore {
        var audited = self
        audited.audited = actions
        return audited
    }

    /// Decodes each resource as any server copy would be read (what the chart shows is what
    /// is sent), then stores, queues and audits them all in one durable transaction. A resource
    /// the reader cannot read back, or a write with nothing to audit it as, stores nothing at all.
    func store(_ charted: [ChartedResource]) throws {
        guard !audited.isEmpty else { throw ChartingError.notAudited }
        var decoded: [(ChartedResource, DecodedResource)] = []
        for item in charted {
            let read = reader.read(item.json, file: "charting")
            guard let resource = read.resources.first, read.problems.allSatisfy({ $0.severity != .error }) else {
                throw ChartingError.unreadableResource
            }
            decoded.append((item, resource))
        }
        try cache.write(durably: true) { (resources) throws(CacheError) in
            var session = try ImportSession(resources: resources, file: "charting", keepUnsent: false)
            let outbox = OutboxTable(connection: resources.connection, sealer: resources.sealer)
            for (item, resource) in decoded {
                try session.add(rule.stored(resource))
                let envelope = OutboxEnvelope(resourceType: item.type, id: item.id, patientID: item.patientID,
                                              ifMatch: item.serverVersion, json: item.json)
                try outbox.enqueue(envelope.bytes, resource: resources.sealer.resourceIndex(type: item.type, id: item.id),
                                   patient: resources.sealer.patientIndex(item.patientID))
            }
            try session.finish()
            for patientID in Self.patients(charted) {
                for action in audited { try trail.record(action, patientID: patientID, outcome: .success, on: resources.connection) }
            }
        }
    }

    /// The patients `charted` writes to, each once, in order.
    private static func patients(_ charted: [ChartedResource]) -> [String] {
        var seen = Set<String>()
        return charted.map(\.patientID).filter { seen.insert($0).inserted }
    }

    /// The entered-in-error version of resource `id` (a new version with `reason`, sent with
    /// `If-Match` of the server's version it corrects), when it is in the cache and belongs to
    /// `patientID` (read from its decoded record, so no other chart's resource is corrected).
    func correction<T: BinaryRecord & PatientOwned>(_: T.Type, type: String, id: String, patientID: String, reason: String) throws -> ChartedResource {
        let stored = try cache.read { (resources) throws(CacheError) -> Data? in
            guard try resources.value(T.self, type: type, id: id)?.patientID == patientID else { return nil }
            return try resources.rawJSON(type: type, id: id)
        }
        guard let stored else { throw ChartingError.notInChart }
        guard let json = ResourceCorrection.enteredInError(stored, type: type, reason: reason) else { throw ChartingError.unreadableResource }
        return ChartedResource(type: type, id: id, patientID: patientID, json: json, serverVersion: ResourceCorrection.serverVersion(of: stored))
    }

    func outboxStatus() throws(CacheError) -> OutboxStatus {
        try Outbox(cache: cache).status()
    }
}
