import CoreDomain
import CoreUseCases
import Foundation

/// Everything that can happen to the workstation: keys from the user, time passing, and the
/// answers of the runtime's effects, each wrapped as the action of the part it is for (the
/// list, the chart, a form, the lock, the sync …), which owns what happens to it.
public enum WorkstationAction: Equatable, Sendable {
    case key(InputKey)
    case resized(columns: Int, rows: Int)
    case tick(Date)
    /// A timer the state scheduled (`WorkstationEffect.schedule`) ran out.
    case timerFired(WorkstationTimer)
    /// The patient list's own action (a page of the census read, the server search's
    /// answers), handed to it as it is: the list feature owns what happens to it.
    case list(PatientListAction)
    /// The open overlay's own action (the due list read, or why not): dropped when another
    /// overlay, or none, is open.
    case overlay(OverlayMessage)
    /// For the chart of `patientID` (a tab read, or why not): dropped when another shows.
    case chart(patientID: String, ChartAction)
    /// For the charting screen of `patientID` (the outbox's answer to what it saved): dropped
    /// when none is saving for that patient.
    case charting(patientID: String, ChartingAction)
    /// For the lock screen (its input checked).
    case lock(LockAction)
    /// The user's server session checked, or its login ended.
    case serverLogin(ServerLoginAction)
    /// How a background sync is going.
    case sync(SyncAction)
    /// What the listener (`emr hooks`) said, once coalesced and checked against the census.
    case listener(ListenerAction)
    /// What waits in the outbox, counted.
    case outbox(OutboxAction)
    /// What became of the cache file under the session.
    case cache(CacheAction)
}
