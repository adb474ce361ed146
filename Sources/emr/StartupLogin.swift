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
        if let current = store.load(), current.isUsable(now: Date()) { return current }
        try logIn(session: session)
        return store.load()
    }

    /// Where this server's user session is kept; nil when the workstation does not log its
    /// user in (Backend Services credentials, or no `login = user`).
    func sessionStore(session: CacheSession) throws(CommandFailure) -> SecretUserSessionStore? {
        guard options.server.clientID == nil, try UserLoginSettings.isUserLogin(config) else { return nil }
        return SecretUserSessionStore(cache: session.cache, server: try serverName())
    }

    private func serverName() throws(CommandFailure) -> String {
        try ServerOptions(arguments: options.server, config: config, environment: environment).unauthorizedClient().serverName
    }

    private func logIn(session: CacheSession) throws(CommandFailure) {
        let name = try serverName()
        var login = LoginOptions()
        login.cache = options.cache
        login.login.server = options.server.server
        let say = { (line: String) in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        let complain = { (line: String) in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        say("Not logged in to \(name): log in to work online.")
        do throws(CommandFailure) {
            _ = try LoginCommand(options: login, config: config, environment: environment).run(session: session, output: say, errors: complain)
        } catch {
            complain(error.message + "; the workstation opens on the cache")
        }
    }
}
