import CoreDomain
import CoreUseCases
import Foundation

/// Everything that can happen to the workstation: keys from the user, results from the
/// runtime's effects, and time passing.
public enum WorkstationAction: Equatable, Sendable {
    case key(InputKey)
    case resized(columns: Int, rows: Int)
    case tick(Date)
    /// The patient list's own action (a page of the census read, the server search's
    /// answers), handed to it as it is: the list feature owns what happens to it.
    case list(PatientListAction)
    /// The ward's due list's own action (the list read, or why not).
    case wardDoses(WardDosesAction)
    /// `warning` says when some records could not be shown (they failed their integrity check).
    case chartLoaded(patientID: String, ChartContent, warning: String? = nil)
    case chartFailed(patientID: String, ChartTab, String)
    /// A timer the state scheduled (`WorkstationEffect.schedule`) ran out.
    case timerFired(WorkstationTimer)
    /// The lock screen's input was checked.
    case unlockResult(succeeded: Bool, message: String?)
    /// Whether the user's server session (user login) can no longer be used, checked on the
    /// stored session after an unlock: ended at the server, or expired by the clock.
    case serverLoginChecked(needed: Bool)
    /// The login the terminal was released for (`WorkstationEffect.releaseTerminal`) ended.
    case serverLoginFinished(ServerLoginOutcome)
    /// A background sync still under way has sent `requests` requests to the server so far.
    case syncProgress(requests: Int)
    /// A background sync with the server stored its data in the cache at `at`.
    case syncFinished(at: Date)
    /// A background sync failed; `offline` when the server could not be reached at all.
    /// `message` is one line without PHI. `cacheChanged` when part of it landed first
    /// (entries sent or refused, the census stored before a later step failed), so what is
    /// shown reloads. `serverAskedToWait`: a busy server's `Retry-After` (seconds) that was
    /// not waited for, so the next sync comes no sooner.
    case syncFailed(String, offline: Bool, cacheChanged: Bool = false, serverAskedToWait: TimeInterval? = nil)
    /// The listener named these census patients: their charts changed at the server.
    case resultsChanged([ResultsPatient])
    /// The listener asked for a full sync (it restarted, or events may have been missed).
    case fullSyncAsked
    /// The outbox stored what the charting screen for `patientID` confirmed, with its audit
    /// entries; `outbox` is its new content when it could be counted.
    case chartingSaved(patientID: String, outbox: OutboxStatus?)
    /// Nothing was stored; `message` is one line without PHI.
    case chartingFailed(patientID: String, String)
    /// Nothing was stored: storing found something the form asks again (a dose of the same
    /// order given within its interval since its form opened, by another nurse or session).
    case chartingQuestioned(patientID: String, ChartingQuestion)
    case outboxChanged(OutboxStatus)
    /// The outbox could not be counted; `message` is one line without PHI.
    case outboxUnreadable(String)
    /// The cache file's structure check, run after the first frame, found damage; `message`
    /// is one line without PHI saying what to do.
    case cacheDamaged(String)
    /// The cache file was removed or replaced while this session had it open (`emr wipe`):
    /// nothing of it may be shown any more; `message` says what to do.
    case cacheGone(String)
}
