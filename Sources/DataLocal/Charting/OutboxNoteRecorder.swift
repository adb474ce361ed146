import CoreDomain
import DataFHIR
import Foundation

/// Records nurses' notes (and their corrections: entered-in-error, never deleted) into the
/// encrypted cache as FHIR DocumentReferences with ids made here, stored, queued and audited in one durable transaction by `OutboxResourceStore`,
/// exactly as vital signs and doses are: the notes show it at once, pending, and the drain
/// PUTs it once. What a write is audited as is the caller's (`auditing`); a recorder not told
/// refuses to write.
public struct OutboxNoteRecorder: NoteCharting {
    private var store: OutboxResourceStore
    private let encoder: NursingNoteEncoder

    /// `author` names the nurse (see `VitalsObservationEncoder.performerDisplay`), and
    /// `authorReference` their Practitioner when they logged in at the server; `timeZone` is
    /// the ward's clock; `rule` the one the cache was filled with; `trail` records who wrote.
    public init(
        cache: EncryptedCache, author: String, authorReference: String? = nil, timeZone: TimeZone = .current,
        storing rule: StoredValueRule = .asDecoded, trail: CacheAuditTrail
    ) {
        store = OutboxResourceStore(cache: cache, storing: rule, trail: trail)
        encoder = NursingNoteEncoder(author: author, authorReference: authorReference, timeZone: timeZone)
    }

    public func record(_ note: NursingNoteEntry) async throws -> String {
        let charted = encoder.document(for: note)
        try store.store([charted])
        return charted.id
    }

    public func markEnteredInError(noteID: String, patientID: String, reason: String) async throws {
        try store.store([try store.correction(ClinicalNote.self, type: "DocumentReference", id: noteID, patientID: patientID, reason: reason)])
    }

    public func auditing(_ actions: [AuditAction]) -> any NoteCharting {
        var audited = self
        audited.store = store.auditing(actions)
        return audited
    }
}
