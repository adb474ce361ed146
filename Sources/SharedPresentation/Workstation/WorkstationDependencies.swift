import CoreDomain
import CoreUseCases
import Foundation

/// Everything the effect runner reads, writes, asks and waits on, as one value: a test states
/// only what it replaces, and a new dependency is one property here rather than one more
/// parameter threaded through every place a runner is made. Only `directory`, `chart`,
/// `audit` and `verifyUnlock` have no safe default: a session without them shows nothing.
public struct WorkstationDependencies: Sendable {
    public var directory: any PatientDirectory
    public var chart: any ChartRepository
    /// Every chart view, search, lock and unlock attempt and charting entry is recorded here;
    /// data whose access cannot be recorded is not shown.
    public var audit: any AuditTrail
    /// When this user opened each patient's Results tab, so newer results are marked new.
    public var resultViews: (any ResultViews)?
    /// Without it (a read-only session) charting effects fail with a message.
    public var charting: (any VitalsCharting)?
    public var doses: (any DoseCharting)?
    /// Where nurses' notes go; without it (a session that writes no notes) a note fails to save.
    public var notes: (any NoteCharting)?
    /// Without it (no server) server searches fail with a message.
    public var remote: (any RemotePatientSearch)?
    /// One sync with the server, which may say how it goes meanwhile (`syncProgress`, sent
    /// through its argument) before its answer; nil without one.
    public var sync: (@Sendable (_ progress: @escaping @Sendable (WorkstationAction) -> Void) async -> WorkstationAction)?
    /// The same sync for the census patients named only (the listener's news), answering as
    /// `sync` does; nil: those syncs are whole ones.
    public var syncPatients: (@Sendable (_ patients: [String], _ progress: @escaping @Sendable (WorkstationAction) -> Void) async -> WorkstationAction)?
    /// Reads the listener's socket (`emr hooks`) until cancelled, telling `news` what it
    /// says; nil without a listener (the workstation then only polls).
    public var results: (@Sendable (_ news: @escaping @Sendable (ResultNews) -> Void) async -> Void)?
    /// Checks the whole cache file and says what to do about damage.
    public var checkStructure: @Sendable () -> String?
    /// The cache was wiped under this session: nothing more is read or written.
    public var cacheGone: @Sendable () -> Bool
    /// What to do once the audit trail is found broken (it then takes no more entries).
    public var auditBroken: @Sendable () -> String?
    /// Reads the stored user session: true when the server can no longer honour it.
    public var serverLoginNeeded: @Sendable () -> Bool
    /// The ward's times, for the MAR.
    public var administrationTimes: WardAdministrationTimes
    /// Records the repositories left out since last asked (tampered or damaged).
    public var integrityWarning: @Sendable () -> String?
    /// The lock screen's input checked against the cache key.
    public var verifyUnlock: @Sendable (String) async -> (succeeded: Bool, message: String?)
    /// The time an effect stamps (when a chart was opened, for "new since you last looked").
    public var now: @Sendable () -> Date
    /// What effects wait on (the unlock back-off): a test's manual clock waits for no one.
    public var clock: any Clock<Duration>

    public init(
        directory: any PatientDirectory, chart: any ChartRepository, audit: any AuditTrail, resultViews: (any ResultViews)? = nil,
        charting: (any VitalsCharting)? = nil, doses: (any DoseCharting)? = nil, notes: (any NoteCharting)? = nil,
        remote: (any RemotePatientSearch)? = nil,
        sync: (@Sendable (_ progress: @escaping @Sendable (WorkstationAction) -> Void) async -> WorkstationAction)? = nil,
        syncPatients: (@Sendable (_ patients: [String], _ progress: @escaping @Sendable (WorkstationAction) -> Void) async -> WorkstationAction)? = nil,
        results: (@Sendable (_ news: @escaping @Sendable (ResultNews) -> Void) async -> Void)? = nil,
        checkStructure: @escaping @Sendable () -> String? = { nil },
        cacheGone: @escaping @Sendable () -> Bool = { false },
        auditBroken: @escaping @Sendable () -> String? = { nil },
        serverLoginNeeded: @escaping @Sendable () -> Bool = { false },
        administrationTimes: WardAdministrationTimes = WardAdministrationTimes(),
        integrityWarning: @escaping @Sendable () -> String? = { nil },
        now: @escaping @Sendable () -> Date = Date.init,
        clock: any Clock<Duration> = ContinuousClock(),
        verifyUnlock: @escaping @Sendable (String) async -> (succeeded: Bool, message: String?)
    ) {
        self.directory = directory
        self.chart = chart
        self.audit = audit
        self.resultViews = resultViews
        self.charting = charting
        self.doses = doses
        self.notes = notes
        self.remote = remote
        self.sync = sync
        self.syncPatients = syncPatients
        self.results = results
        self.checkStructure = checkStructure
        self.cacheGone = cacheGone
        self.auditBroken = auditBroken
        self.serverLoginNeeded = serverLoginNeeded
        self.administrationTimes = administrationTimes
        self.integrityWarning = integrityWarning
        self.now = now
        self.clock = clock
        self.verifyUnlock = verifyUnlock
    }
}
