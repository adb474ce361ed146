import CoreDomain
import CoreUseCases

/// What happens to the patient list: keys while it has the keyboard, pages of the census
/// arriving, and the server search's answers.
public enum PatientListAction: Equatable, Sendable {
    /// A key while the list (or its search line) has the keyboard.
    case key(InputKey)
    /// A page of the search `PatientSearch` asked for.
    case loaded(PatientSearch, PatientPage)
    /// The census could not be read; `message` is one line without PHI.
    case failed(String)
    /// The screen changed size: the selection stays in view, and rows come into view.
    case resized
    /// The cache changed underneath (a sync, a save): the loaded window again, keeping the
    /// chosen patient. `announcingRises`: a sync's reload, which names patients newly in the
    /// medium or high NEWS2 band.
    case reload(announcingRises: Bool)
    /// Highlight `patientID` if the loaded window has them (a chart opened again after a save).
    case highlight(patientID: String)
    /// The server's answer to the search `text`: patients found, or why not.
    case serverAnswered(text: String, ServerSearchState.Phase)
    /// The chart of `patient`, found on the server, is in the cache now.
    case serverPatientFetched(Patient)
    /// `message` is one line without PHI.
    case serverPatientFetchFailed(patientID: String, String)
}

/// What the list tells the workstation.
public enum PatientListDelegate: Equatable, Sendable {
    /// One line for the status line.
    case say(Notice)
    /// The highlighted row changed (or arrived): the chart pane follows it side by side.
    case selectionChanged
    /// Enter (or →) on a patient: open their chart with the keyboard.
    case open(PatientListEntry)
    /// A chart fetched from the server: open it with the keyboard, marked off the census.
    case openFetched(PatientListEntry)
    /// A tab key pressed on the list: the chart beside it changes tab.
    case chartTabKey(InputKey)
    /// `a` on the list side by side: chart vitals for the patient shown beside it.
    case addVitals
    /// Something changed while the screen was locked: reload at unlock, not before.
    case refreshAtUnlock
}

/// What the list needs to know of the rest of the workstation.
public struct PatientListContext: Sendable {
    /// Rows the list pane shows.
    public var visibleRows: Int
    /// The ward the census is limited to (`--ward`), nil for every ward.
    public var ward: String?
    /// Why the server cannot be searched now, nil when it can.
    public var serverUnavailable: String?
    public var isLocked: Bool

    public init(visibleRows: Int, ward: String?, serverUnavailable: String?, isLocked: Bool) {
        self.visibleRows = visibleRows
        self.ward = ward
        self.serverUnavailable = serverUnavailable
        self.isLocked = isLocked
    }
}
