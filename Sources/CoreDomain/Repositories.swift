/// Where the census comes from. The encrypted cache implements it; the use cases cannot
/// tell it from any other source.
public protocol PatientDirectory: Sendable {
    /// Every row of the census (optionally one ward), in no particular order.
    func listEntries(ward: String?) async throws -> [PatientListEntry]
    /// The wards that have at least one patient, for the ward filter.
    func wards() async throws -> [String]
    /// One page of the rows matching `search`. Searching happens where the rows live, so a
    /// keystroke never copies the whole census; implementations answer with CoreUseCases'
    /// `PatientSearchIndex` so every source matches and sorts the same way.
    func search(_ search: PatientSearch) async throws -> PatientPage
    /// Reads one patient's row again after their chart changed here (a charted round), so
    /// the list's markers follow what was charted without waiting for a sync.
    func refresh(patientID: String) async throws
}

/// One patient's record, resource type by resource type.
public protocol ChartRepository: Sendable {
    func patient(id: String) async throws -> Patient?
    func encounters(patientID: String) async throws -> [Encounter]
    func observations(patientID: String, category: Observation.Category?) async throws -> [Observation]
    func medicationRequests(patientID: String) async throws -> [MedicationRequest]
    func conditions(patientID: String) async throws -> [Condition]
    func allergies(patientID: String) async throws -> [AllergyIntolerance]
    /// The lab reports that group a patient's results into panels.
    func diagnosticReports(patientID: String) async throws -> [DiagnosticReport]
    /// Doses given, not given or held, as recorded here or by any other system.
    func medicationAdministrations(patientID: String) async throws -> [MedicationAdministration]
    /// Clinical notes (DocumentReference), their text made safe to show.
    func notes(patientID: String) async throws -> [ClinicalNote]
    func procedures(patientID: String) async throws -> [Procedure]
    func immunizations(patientID: String) async throws -> [Immunization]
    func carePlans(patientID: String) async throws -> [CarePlan]
    func goals(patientID: String) async throws -> [Goal]
    func location(id: String) async throws -> Location?
    func practitioner(id: String) async throws -> Practitioner?
}

/// Where vital signs charted at this workstation go: first the encrypted outbox on this
/// machine, then (by the sync) the server. Charted values are never deleted, only corrected.
public protocol VitalsCharting: Sendable {
    /// Stores `entry` as one Observation per value (blood pressure as one panel), each with
    /// an id assigned here before any attempt to send it, so a retry can never make a second
    /// copy on the server. Returns only once the entry is committed to disk and queued; the
    /// chart repository then returns the observations with `delivery == .pending`.
    func record(_ entry: VitalsEntry) async throws -> [String]
    /// Marks observations charted earlier entered-in-error with `reason` (a new version of
    /// each, queued like a new entry). They stay in the record, shown as entered in error.
    func markEnteredInError(observationIDs: [String], patientID: String, reason: String) async throws
    /// Sets or clears a patient's prescribed SpO2 target of 88-92% (a new record, never an
    /// edit of the last one), stored and queued like an entry. Returns the record's id.
    @discardableResult
    func recordSpO2Target(_ target: SpO2TargetEntry) async throws -> String
    /// What is waiting to be sent.
    func outboxStatus() async throws -> OutboxStatus
    /// This outbox with each write recording `actions` for the patient it writes, in the same
    /// transaction as what it stores: a kill at any moment leaves both or neither.
    func auditing(_ actions: [AuditAction]) -> any VitalsCharting
}

/// Where doses recorded at this workstation go: the encrypted outbox on this machine, then
/// (by the sync) the server, exactly as vital signs do.
public protocol DoseCharting: Sendable {
    /// Stores `dose` as one MedicationAdministration with an id assigned here before any
    /// attempt to send it; returns that id only once it is on disk and queued, so the MAR read
    /// next shows it.
    func record(_ dose: DoseRecord) async throws -> String
    /// Stores a PRN dose's effect as one Observation `partOf` the dose, stored and queued as a
    /// dose is; returns its id once on disk and queued.
    func recordEffect(_ entry: PRNEffectEntry) async throws -> String
    /// Marks a dose recorded earlier entered-in-error with `reason` (a new version, queued like
    /// a new record). It stays in the record; the MAR no longer counts it.
    func markEnteredInError(administrationID: String, patientID: String, reason: String) async throws
    /// This outbox with each write recording `actions` for the patient it writes, in the same
    /// transaction as what it stores: a kill at any moment leaves both or neither.
    func auditing(_ actions: [AuditAction]) -> any DoseCharting
}

/// Where notes written at this workstation go: the encrypted outbox on this machine, then (by
/// the sync) the server, exactly as vital signs and doses do.
public protocol NoteCharting: Sendable {
    /// Stores `note` as one DocumentReference with an id assigned here before any attempt to
    /// send it; returns that id only once it is on disk and queued, so the notes read next
    /// show it, pending.
    func record(_ note: NursingNoteEntry) async throws -> String
    /// Marks a note entered-in-error with `reason` (a new version, queued like a new note). It
    /// stays in the record, shown as entered in error, never deleted.
    func markEnteredInError(noteID: String, patientID: String, reason: String) async throws
    /// This outbox with each write recording `actions` for the patient it writes, in the same
    /// transaction as what it stores: a kill at any moment leaves both or neither.
    func auditing(_ actions: [AuditAction]) -> any NoteCharting
}
