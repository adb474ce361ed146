import CoreDomain
import Foundation

/// Everything that can happen to the workstation: keys from the user, results from the
/// runtime's effects, and time passing.
public enum WorkstationAction: Equatable, Sendable {
    case key(InputKey)
    case resized(columns: Int, rows: Int)
    case tick(Date)
    case patientsLoaded(PatientSearch, PatientPage)
    case patientsFailed(String)
    /// `warning` says when some records could not be shown (they failed their integrity check).
    case chartLoaded(patientID: String, ChartContent, warning: String? = nil)
    case chartFailed(patientID: String, ChartTab, String)
    /// No key for the idle-lock period.
    case idleTimeout
    /// The lock screen's input was checked.
    case unlockResult(succeeded: Bool, message: String?)
    /// A background sync with the server stored its data in the cache at `at`.
    case syncFinished(at: Date)
    /// A background sync failed; `offline` when the server could not be reached at all.
    /// `message` is one line without PHI. `cacheChanged` when part of it landed first
    /// (entries sent or refused, the census stored before a later step failed), so what is
    /// shown reloads.
    case syncFailed(String, offline: Bool, cacheChanged: Bool = false)
    /// The outbox stored what the charting screen for `patientID` confirmed; `outbox` is its
    /// new content when it could be counted, `warning` a problem that did not stop the save.
    case chartingSaved(patientID: String, outbox: OutboxStatus?, warning: String?)
    /// Nothing was stored; `message` is one line without PHI.
    case chartingFailed(patientID: String, String)
    case outboxChanged(OutboxStatus)
    /// The outbox could not be counted; `message` is one line without PHI.
    case outboxUnreadable(String)
    /// The cache file's structure check, run after the first frame, found damage; `message`
    /// is one line without PHI saying what to do.
    case cacheDamaged(String)
    /// The server's answer to the search `text` (patients this workstation does not keep).
    case serverPatientsFound(text: String, RemotePatientMatches)
    /// `message` is one line without PHI.
    case serverSearchFailed(text: String, String)
    /// The chart of `patient`, found on the server, is in the cache now.
    case serverPatientFetched(Patient)
    /// `message` is one line without PHI.
    case serverPatientFetchFailed(patientID: String, String)
}

/// Work the update function asks the runtime to do. Results come back as actions.
public enum WorkstationEffect: Equatable, Sendable {
    /// `isRefresh`: what is on screen reloaded after a sync changed the cache, not a new query
    /// or chart opened by the user, so it is not audited again (the opening was, and the sync is).
    case searchPatients(PatientSearch, isRefresh: Bool = false)
    case loadChart(patientID: String, ChartTab, isRefresh: Bool = false)
    /// Check the lock screen's input against the cache key (demo: any input).
    case verifyUnlock(String)
    /// The screen just locked (key or idle time): recorded in the audit trail.
    case screenLocked
    /// Store a confirmed vitals entry in the outbox (audited as charting).
    case recordVitals(VitalsEntry)
    /// Mark a charted round entered in error (audited as a correction).
    case markEnteredInError(patientID: String, observationIDs: [String], reason: String)
    /// Count what waits in the outbox, for the header and the quit guard.
    case checkOutbox
    /// Search the server for patients beyond the census matching the list's search `text`
    /// (audited as a search, by the kinds of its terms).
    case searchServer(String)
    /// Fetch the chart of a patient found on the server into the cache, to open it.
    case fetchServerPatient(Patient)
    /// Redraw every cell (Ctrl-L), for a terminal whose screen got garbled.
    case repaint
    case quit
}
