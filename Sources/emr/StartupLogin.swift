import DataFHIR
import DataLocal
import Foundation

/// The online workstation with `login = user`: when the cache holds no session the server
/// can still honour (none, or expired with no refresh token), the login runs in the terminal
/// after the unlock and before the screen is drawn, as `emr login` would. A login that fails
/// is said in one line and the workstation opens on the cache all the same (OFFLINE, its
/// status line saying to log in): the cache never depends on the server.
struct StartupLogin {
    var options: WorkstationOptions
    var config: Config
    var environment: [String: String]

    /// Logs in when needed; returns the session the workstation then works with (nil without
    /// user login, or when the login failed): its `fhirUser` is the clinician of record.
    func runIfNeeded(session: CacheSession) throws(CommandFailure) -> UserSession? {
        guard let store = try sessionStore(session: session) else { return nil }
        if !Self.isNeeded(store) { return store.load() }
        Self.say("Not logged in to \(try serverName()): log in to work online.")
        if let failure = logIn(session: session, userOfRecord: nil) {
            FileHandle.standardError.write(Data((failure + "; the workstation opens on the cache\n").utf8))
        }
        return store.load()
    }

    /// Where this server's user session is kept; nil when the workstation does not log its
    /// user in (Backend Services credentials, or no `login = user`).
    func sessionStore(session: CacheSession) throws(CommandFailure) -> SecretUserSessionStore? {
        guard options.server.clientID == nil, try UserLoginSettings.isUserLogin(config) else { return nil }
        return SecretUserSessionStore(cache: session.cache, server: try serverName())
    }

    /// True when the stored session can no longer be used: none (the server ended it, or the
    /// user logged out), or expired by the clock with nothing to renew it.
    static func isNeeded(_ store: some UserSessionStore) -> Bool {
        !(store.load()?.isUsable(now: Date()) ?? false)
    }

    func serverName() throws(CommandFailure) -> String {
        try ServerOptions(arguments: options.server, config: config, environment: environment).unauthorizedClient().serverName
    }

    /// The login `emr login` runs (the configured flow), on this terminal; nil once logged in,
    /// else the failure in one line. `userOfRecord`: the running workstation's clinician,
    /// the only one who may log in again; `interrupted` says a Ctrl-C came (see `LoginCommand`).
    func logIn(session: CacheSession, userOfRecord: String?, interrupted: @escaping () -> Bool = { false }) -> String? {
        var login = LoginOptions()
        login.cache = options.cache
        login.login.server = options.server.server
        var command = LoginCommand(options: login, config: config, environment: environment)
        command.userOfRecord = userOfRecord
        command.interrupted = interrupted
        do throws(CommandFailure) {
            _ = try command.run(session: session, output: Self.say, errors: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
            return nil
        } catch {
            return error.message
        }
    }

    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
