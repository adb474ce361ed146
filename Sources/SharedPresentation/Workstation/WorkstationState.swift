import CoreDomain
import Foundation

/// Where the workstation's data comes from, shown in the header.
public enum DataMode: String, Equatable, Sendable {
    case demo = "DEMO"
    case online = "ONLINE"
    case offline = "OFFLINE"
}

/// Facts about this session; only `mode` changes while it runs (ONLINE <-> OFFLINE as syncs succeed or fail).
public struct SessionInfo: Equatable, Sendable {
    public var mode: DataMode
    /// The OS account: who charts, as performers and the audit trail name them.
    public var user: String
    /// The logged-in clinician's name as the server knows them (their Practitioner), shown in
    /// the header in place of the account; nil without a user login.
    public var clinicianName: String?
    public var wardFilter: String?
    /// Told on the help screen in demo mode: every date was moved by this much.
    public var demoDateShift: String?
    /// A FHIR server is configured (online mode, whether or not it is reachable now).
    public var hasServer: Bool
    /// Whether a nurse may mark another person's charted round entered in error
    /// (`correct_others` in the config; yes unless a ward says no).
    public var mayCorrectOthers: Bool
    /// A dose is recorded only after the wristband matches the chart (`wristband_check`, on
    /// unless a ward turns it off; then the confirm step names the patient).
    public var wristbandCheck: Bool
    /// The server knows this workstation's user by their own login (`login = user`), not by
    /// a ward client: a session that ended is logged in again at the unlock.
    public var logsUserIn: Bool

    public init(
        mode: DataMode, user: String, wardFilter: String? = nil, demoDateShift: String? = nil, hasServer: Bool = false,
        mayCorrectOthers: Bool = true, wristbandCheck: Bool = true, clinicianName: String? = nil, logsUserIn: Bool = false
    ) {
        self.mode = mode
        self.user = user
        self.clinicianName = clinicianName
        self.wardFilter = wardFilter
        self.demoDateShift = demoDateShift
        self.hasServer = hasServer
        self.mayCorrectOthers = mayCorrectOthers
        self.wristbandCheck = wristbandCheck
        self.logsUserIn = logsUserIn
    }

    /// Whether `performer` (a round's, as charted: `nurse1`, or `nurse1 via emr-ward`) is this user.
    public func isOwn(_ performer: String?) -> Bool {
        guard let performer else { return false }
        return performer == user || performer.hasPrefix(user + " via ")
    }
}

/// How the last background sync with the server went (online mode only).
public enum SyncStatus: Equatable, Sendable {
    case synced(Date)
    case failed(String)
}

/// Which pane has the keyboard.
public enum Focus: Equatable, Sendable {
    case list, chart
}

/// The whole workstation, as plain values: the renderer draws it, `update` changes it.
public struct WorkstationState: Equatable, Sendable {
    public var session: SessionInfo
    public var columns: Int
    public var rows: Int
    public var now: Date
    public var patients = PatientListState()
    public var chart: ChartState?
    public var focus: Focus = .list
    public var isHelpShown = false
    /// First line of the help screen shown.
    public var helpScroll = 0
    public var lock = LockState()
    /// The status line: the last error or notice, with its kind.
    public var notice: Notice?
    /// What the outbox holds: entries charted here that the server does not have yet.
    public var outbox = OutboxStatus()
    /// A charting form (vitals, a correction, a dose...) over the chart, while one is open.
    public var charting: ChartingScreen?
    /// The overlay over both panes (the ward's due list), while one is open.
    public var overlay: OverlayScreen?
    /// The zone typed clock times ("14:05") are read in, and dates are shown in.
    public var timeZone: TimeZone = .current
    /// The terminal shows Unicode: text is laid out (and wraps) as it will be drawn.
    public var isUnicode = true
    /// Nil until the first background sync has finished (and always in demo or cache-only use).
    public var sync: SyncStatus?
    /// A sync changed the cache while the screen was locked: reload at unlock.
    var isRefreshPending = false
    /// Seconds without a key before the screen locks by itself (0: never).
    public var idleLockAfter: TimeInterval = 0
    /// When to sync with the server; nil without one (demo, cache only).
    public var syncSchedule: SyncSchedule?
    /// What the listener named and no sync has brought yet (`followResults`).
    public var results = ResultsFollowUp()
    /// The chart's tabs, in tab-bar order: `ChartTab.registered` (a test may add its own).
    public var chartTabs = ChartTab.registered
    /// The charting forms that may open: `ChartingFormKind.registered` (a test may add its own).
    public var chartingForms = ChartingFormKind.registered
    /// The overlays the list opens: `OverlayKind.registered` (a test may add its own).
    public var overlays = OverlayKind.registered

    public init(session: SessionInfo, columns: Int, rows: Int, now: Date) {
        self.session = session
        self.columns = columns
        self.rows = rows
        self.now = now
    }

    public var layout: ScreenLayout { ScreenLayout(columns: columns, rows: rows) }

    /// `q` was pressed with something unsaved or unsent, and the question is on screen.
    public var isQuitConfirmPending: Bool { notice?.kind == .quitQuestion }

    /// Entries not yet on the server (pending or refused by it); quitting with some asks first.
    public var unsyncedCount: Int { outbox.unsent }

    /// Where everything is on this screen: the one layout `update` and the renderer share.
    public var geometry: WorkstationGeometry { WorkstationGeometry(columns: columns, rows: rows) }

    /// Rows of the patient list visible between the search line and the pane's bottom border.
    public var listVisibleRows: Int { max(1, geometry.listRows.height) }
}
