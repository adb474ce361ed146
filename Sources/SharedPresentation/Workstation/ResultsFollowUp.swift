/// What the listener (`emr hooks`) said and the workstation has not yet synced: census
/// patients whose charts changed at the server, and whether a full sync was asked for. The
/// state starts a sync for them when none is under way (a sync started meanwhile would cut
/// the one running short); those named during a sync wait for the next, which starts as soon
/// as that one ends. So a flood is one sync, or two when it straddles one. The sync it starts
/// is of the named patients only, unless the listener asked for a full one meanwhile.
public struct ResultsFollowUp: Equatable, Sendable {
    /// The listener's socket is read (`followResults`): set where the session is made.
    public var isFollowing = false
    private var waiting: [ResultsPatient] = []
    private var inSync: [ResultsPatient] = []
    private var fullSyncWaiting = false
    /// A sync runs: started by this state (`update`'s effects), or the first one, from `start`.
    private var isSyncing = true
    /// The sync under way is of named patients only (`syncPatients`), not the census.
    private var isPatientsSync = false

    public init(isFollowing: Bool = false) {
        self.isFollowing = isFollowing
    }

    /// The listener named `patients`: true when a sync should start now.
    mutating func named(_ patients: [ResultsPatient]) -> Bool {
        for patient in patients where !waiting.contains(patient) && !inSync.contains(patient) { waiting.append(patient) }
        return !isSyncing
    }

    /// The listener asked for a full sync: true when it should start now.
    mutating func fullSyncAsked() -> Bool {
        fullSyncWaiting = true
        return !isSyncing
    }

    /// The sync to start for what waits: of those patients, or a full one when it was asked for.
    var waitingSync: WorkstationEffect {
        fullSyncWaiting ? .syncWithServer : .syncPatients(waiting.map(\.id))
    }

    /// A sync began (`effect`): it brings what was named so far. Nothing changes in a session
    /// that does not follow a listener.
    mutating func syncStarted(_ effect: WorkstationEffect) {
        guard isFollowing else { return }
        isSyncing = true
        isPatientsSync = effect.syncedPatients != nil
        inSync += waiting
        waiting = []
        fullSyncWaiting = false
    }

    /// The sync under way ended: the patients whose changes it brought (none when it failed:
    /// they wait for the next one, which the schedule's backoff starts), whether another
    /// should start at once for those named meanwhile, and whether it was of named patients
    /// only (the census sync's time and schedule are not its to change).
    mutating func syncEnded(succeeded: Bool) -> (brought: [ResultsPatient], again: Bool, patientsOnly: Bool) {
        guard isFollowing else { return ([], false, false) }
        let patientsOnly = isPatientsSync
        isSyncing = false
        isPatientsSync = false
        let brought = inSync
        inSync = []
        guard succeeded else {
            waiting = brought + waiting
            return ([], false, patientsOnly)
        }
        return (brought, !waiting.isEmpty || fullSyncWaiting, patientsOnly)
    }
}
