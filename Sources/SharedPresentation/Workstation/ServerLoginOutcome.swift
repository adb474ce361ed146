/// How a login inside the running workstation ended.
public enum ServerLoginOutcome: Equatable, Sendable {
    /// Logged in again as the workstation's user of record; `clinicianName` as the server names them.
    case loggedIn(clinicianName: String?)
    /// Not logged in (refused, another clinician, Ctrl-C, no answer): a few words
    /// (`login failed`, `login cancelled`); the whole reason was shown on the terminal.
    case failed(String)
}
