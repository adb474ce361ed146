/// Every line the workstation says on the status line in its own words, in one place so a test
/// holds each to the design width: the status line is one row of an 80-column terminal after
/// a space, and a prompt cut there (`press q again to quit, any other key to`) loses its answer.
/// Messages that come from elsewhere (a server's refusal, a storage error) follow a prefix here.
enum StatusText {
    static func chartStillLoading(press key: String) -> String { "the chart is still loading: press \(key) again in a moment" }
    static let chartDidNotLoad = "this chart did not load, so nothing can be charted: open it again from the list"
    static let noVitalsToMark = "no charted vitals to mark entered in error"
    static let fetchedFromServer = "chart fetched from the server; Enter on its row opens it"
    static let allOnServer = "all charted entries are on the server"
    static let saving = "saving…"
    static let discardQuestion = "press Esc again to discard the values typed, any other key to go on"

    /// `x` on another's round where the ward forbids it (`correct_others = no`).
    static func onlyItsAuthor(_ performer: String?) -> String {
        "charted by \(performer ?? "the source"): only its author may mark it (ward rule)"
    }

    static let noDoseToMark = "nothing recorded for this dose to mark entered in error"

    /// `q` with something unfinished, naming what (`form not saved`, `2 unsent entries`).
    static func quitQuestion(_ unfinished: [String]) -> String {
        unfinished.joined(separator: ", ") + ": q again quits, any other key stays"
    }

    /// Enter on a vitals form with values the form cannot take.
    static func refused(_ count: Int) -> String {
        count == 1 ? "1 value refused: correct it or clear it (Ctrl-U)" : "\(count) values refused: correct them or clear them (Ctrl-U)"
    }

    static func syncFailed(_ message: String) -> String { "sync failed: \(message)" }

    /// The user logged in again inside the workstation; the sync that follows says the rest.
    static let loggedInAgain = "logged in again at the server; syncing…"

    /// A login at the unlock that did not work (`login failed`, `login cancelled`; the whole
    /// reason was on the terminal); the workstation goes on offline on the cache.
    static func loginFailed(_ reason: String) -> String { "\(reason): charting is kept here; L, then unlock, to log in again" }

    static func patientListFailed(_ message: String) -> String { "patient list not loaded: \(message)" }

    static func outboxUncounted(_ message: String) -> String { "unsent entries not counted: \(message)" }
}
