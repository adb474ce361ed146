import DataLocal
import Foundation
import SharedPresentation

/// The login inside the running workstation (`login = user`), at the unlock after the user's
/// server session ended: the state asks whether it is needed (`checkServerLogin`, read from the
/// stored session), then releases the terminal for it (`releaseTerminal(.serverLogin)`); this
/// runs the same login as `emr login` and start-up, on the tty with curses ended, and says how
/// it went. Only the workstation's user of record may log in again.
struct WorkstationRelogin {
    var login: StartupLogin
    var session: CacheSession
    var store: SecretUserSessionStore
    var userOfRecord: String?

    /// Logs the user in on the terminal; `interrupted` says whether Ctrl-C came (it ends the
    /// login's wait: the pasted line, the browser or the device code). A login that fails leaves its reason on the
    /// terminal until Enter: the status line then has room only to say what to do.
    func run(interrupted: @escaping () -> Bool) -> WorkstationAction {
        let server = (try? login.serverName()) ?? "the FHIR server"
        Self.say("\nThe login at \(server) has ended: log in again to work online.")
        let failure = login.logIn(session: session, userOfRecord: userOfRecord, interrupted: interrupted)
        guard let failure else { return .serverLogin(.finished(.loggedIn(clinicianName: store.load()?.userName))) }
        if interrupted() { return .serverLogin(.finished(.failed("login cancelled"))) }
        Self.say(failure)
        Self.say("Press Enter to go back to the workstation (offline; charting is kept).")
        _ = TerminalLine.read(unless: interrupted)
        return .serverLogin(.finished(.failed(interrupted() ? "login cancelled" : "login failed")))
    }

    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
