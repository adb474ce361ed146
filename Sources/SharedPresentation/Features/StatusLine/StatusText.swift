/// Every line the workstation says on the status line in its own words, with its tone, in one
/// place so a test holds each to the design width: the status line is one row of an 80-column
/// terminal after a space, and a prompt cut there (`press q again to quit, any other key to`)
/// loses its answer. Messages that come from elsewhere (a server's refusal, a storage error)
/// follow a prefix here.
enum StatusText {
    static func chartStillLoading(press key: String) -> Notice { .progress("the chart is still loading: press \(key) again in a moment") }
    static let chartDidNotLoad = Notice.warning("this chart did not load, so nothing can be charted: open it again from the list")
    static let noVitalsToMark = Notice.info("no charted vitals to mark entered in error")
    static let fetchedFromServer = Notice.info("chart fetched from the server; Enter on its row opens it")
    static let allOnServer = Notice.info("all charted entries are on the server")
    static let saving = Notice.progress("saving…")
    static let discardQuestion = Notice.warning("press Esc again to discard the values typed, any other key to go on")

    /// `x` on another's round where the ward forbids it (`correct_others = no`).
    static func onlyItsAuthor(_ performer: String?) -> Notice {
        .warning("charted by \(performer ?? "the source"): only its author may mark it (ward rule)")
    }

    static let noDoseToMark = Notice.info("nothing recorded for this dose to mark entered in error")

    /// `q` with something unfinished, naming what (`form not saved`, `2 unsent entries`).
    static func quitQuestion(_ unfinished: [String]) -> Notice {
        Notice(unfinished.joined(separator: ", ") + ": q again quits, any other key stays", tone: .warning, kind: .quitQuestion)
    }

    /// Enter on a vitals form with values the form cannot take.
    static func refused(_ count: Int) -> Notice {
        .warning(count == 1 ? "1 value refused: correct it or clear it (Ctrl-U)" : "\(count) values refused: correct them or clear them (Ctrl-U)")
    }

    /// The outbox refused what was confirmed: nothing was stored, the form keeps it all.
    static func notSaved(_ message: String) -> Notice { .critical("not saved: \(message)") }

    static func syncFailed(_ message: String) -> Notice { .warning("sync failed: \(message)") }

    /// A sync the listener started brought these patients' changes: by bed, never by name
    /// (the status line shows on a screen others may see).
    static func newResults(_ patients: [ResultsPatient]) -> Notice {
        if patients.count == 1, let bed = patients[0].bed { return .info("new results for bed \(bed)") }
        return .info("new results for \(patients.count) \(patients.count == 1 ? "patient" : "patients")")
    }

    /// A sync that takes a while: how many requests it has sent (no record's data; the server
    /// does not say how many pages are coming, so there is no total).
    static func syncing(requests: Int) -> Notice {
        Notice("syncing with the server: \(requests) \(requests == 1 ? "request" : "requests") so far…", tone: .progress, kind: .syncProgress)
    }

    /// The user logged in again inside the workstation; the sync that follows says the rest.
    static let loggedInAgain = Notice.progress("logged in again at the server; syncing…")

    /// A login at the unlock that did not work (`login failed`, `login cancelled`; the whole
    /// reason was on the terminal); the workstation goes on offline on the cache.
    static func loginFailed(_ reason: String) -> Notice { .warning("\(reason): charting is kept here; L, then unlock, to log in again") }

    static func patientListFailed(_ message: String) -> Notice { .critical("patient list not loaded: \(message)") }

    static func outboxUncounted(_ message: String) -> Notice { .warning("unsent entries not counted: \(message)") }
}
