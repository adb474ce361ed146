/// What the listener's socket says, once a flood of events is coalesced (`PatientSyncQueue`).
public enum ResultNews: Equatable, Sendable {
    /// These patients' charts changed at the server (ids; not yet checked against the census).
    case changed(patientIDs: [String])
    /// Events may have been missed: sync everything.
    case syncAll
}
