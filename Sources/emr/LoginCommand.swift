import DataFHIR
import DataLocal
import Foundation
import SecurityKit

/// `emr login`: SMART App Launch standalone login for a public native client. Discovery says
/// which flows the server offers; the user logs in in a browser (on this machine, or on any
/// device when over SSH) and the code comes back with this login's `state`; it is redeemed
/// with the PKCE verifier and the session is sealed in the cache. Nothing is stored unless
/// every step succeeded.
struct LoginCommand {
    var options: LoginOptions
    var config: Config
    var environment: [String: String]
    /// The running workstation's user of record, when it logs its user in again: a login naming
    /// anyone else (or no one) is refused, so the user of record never changes mid-session.
    var userOfRecord: String?
    /// Whether a Ctrl-C came: inside the workstation, which takes Ctrl-C itself, it ends the
    /// login's waits (the pasted line, the browser's redirect, the device code's approval).
    /// `emr login` on its own is ended by Ctrl-C as any command is.
    var interrupted: () -> Bool = { false }

    /// Logs in; a login that fails is recorded in the audit trail as a failed `server-login`.
    func run(session: CacheSession, output: (String) -> Void, errors: (String) -> Void) throws(CommandFailure) -> ExitStatus {
        do throws(CommandFailure) {
            return try logIn(session: session, output: output, errors: errors)
        } catch {
            try? session.record(.serverLogin, outcome: .failure)
            throw error
        }
    }

    private func logIn(session: CacheSession, output: (String) -> Void, errors: (String) -> Void) throws(CommandFailure) -> ExitStatus {
        let settings = try UserLoginSettings(options: options, config: config)
        var arguments = ServerArguments()
        arguments.server = options.login.server
        let client = try ServerOptions(arguments: arguments, config: config, environment: environment).unauthorizedClient()
        let discovered = try Self.await { () async throws(FHIRClientError) in try await client.discoverUserLogin() }
        var fresh =
            settings.device
            ? try deviceSession(discovered, settings: settings, client: client, output: output)
            : try codeSession(discovered, settings: settings, client: client, output: output, errors: errors)
        fresh.revocationEndpoint = discovered.revocationEndpoint
        if let user = fresh.fhirUser { try Self.checkOwner(user, cache: session.cache) }
        if let userOfRecord, fresh.fhirUser != userOfRecord {
            throw CommandFailure(
                message: "emr: \(fresh.fhirUser ?? "a user the server did not name") is not \(userOfRecord), who works here; nothing was stored",
                status: .usage)
        }
        let store = SecretUserSessionStore(cache: session.cache, server: client.serverName)
        store.save(fresh)
        if let user = fresh.fhirUser { Self.recordName(of: user, session: fresh, client: client, store: store) }
        try session.userOfRecord(fresh.fhirUser).record(.serverLogin)
        output("logged in to \(client.serverName) as \(fresh.fhirUser ?? "a user the server did not name (no fhirUser)")")
        if try !UserLoginSettings.isUserLogin(config) {
            errors("emr: 'login = user' is not in $EMR_HOME/config, so emr sync and the workstation do not use this login yet")
        }
        return .success
    }

    /// Authorization code + PKCE: the browser (or the pasted address) brings the code back.
    private func codeSession(
        _ discovered: UserLoginConfiguration, settings: UserLoginSettings, client: FHIRClient, output: (String) -> Void,
        errors: (String) -> Void
    ) throws(CommandFailure) -> UserSession {
        let (authorize, tokenEndpoint) = try Self.endpoints(of: discovered.codeFlow)
        if discovered.deviceAuthorizationEndpoint == nil {
            errors("emr: \(client.serverName) offers \(discovered.offeredFlows.joined(separator: ", ")); no device authorization")
        }
        let request = AuthorizationRequest(
            endpoint: authorize, clientID: settings.clientID, redirectURI: settings.redirectURI, scope: settings.scope,
            state: Base64URL.encode(randomBytes(16)), audience: client.baseURL, pkce: PKCE(randomBytes: randomBytes(32), sha256: sha256))
        let offersDevice = discovered.deviceAuthorizationEndpoint != nil
        let answer = try Self.step { () throws(UserLoginError) in
            try self.answer(to: request, settings: settings, offersDevice: offersDevice, output: output, errors: errors)
        }
        // The user chose a code on another device at the prompt: the choice is theirs, never
        // made for them because `DISPLAY` is unset.
        if offersDevice, answer.trimmingCharacters(in: .whitespaces).lowercased() == Self.deviceAnswer {
            return try deviceSession(discovered, settings: settings, client: client, output: output)
        }
        let code = try Self.step { () throws(UserLoginError) in try request.code(fromAnswer: answer) }
        let endpoint = UserTokenEndpoint(client: client)
        return try Self.await { () async throws(FHIRClientError) in
            try await endpoint.redeem(code: code, request: request, tokenEndpoint: tokenEndpoint)
        }
    }

    /// The device authorization grant (RFC 8628): the user approves a short code at the
    /// server's address on any device while this terminal waits. Ctrl-C ends the wait (the
    /// terminal was never put in raw mode, and nothing is stored before the session arrives).
    private func deviceSession(
        _ discovered: UserLoginConfiguration, settings: UserLoginSettings, client: FHIRClient, output: (String) -> Void
    ) throws(CommandFailure) -> UserSession {
        let (deviceEndpoint, tokenEndpoint) = try Self.endpoints(of: discovered.deviceFlow)
        let login = DeviceLogin(client: client)
        let authorization = try Self.await { () async throws(FHIRClientError) in
            try await login.start(endpoint: deviceEndpoint, clientID: settings.clientID, scope: settings.scope, audience: client.baseURL)
        }
        for line in Self.instructions(authorization) { output(line) }
        let result = try Self.await(unless: interrupted) { () async throws(FHIRClientError) in
            try await login.session(for: authorization, clientID: settings.clientID, tokenEndpoint: tokenEndpoint)
        }
        switch result {
        case .success(let session): return session
        case .failure(let error): throw CommandFailure(message: "emr: \(error)", status: .usage)
        }
    }

    /// What the user is shown for the device login: where to go and the code, in two lines.
    static func instructions(_ authorization: DeviceAuthorization) -> [String] {
        let minutes = max(1, Int(authorization.expiresIn / 60))
        let complete = authorization.verificationURIComplete.map { " (or open \($0.absoluteString))" } ?? ""
        return [
            "On any device, open \(authorization.verificationURI.absoluteString) and enter the code \(authorization.userCode)\(complete)",
            "Waiting for the login to be approved (the code works for \(minutes) min; Ctrl-C cancels)",
        ]
    }

    /// A login step whose failure is the command's one line (and exit status 2).
    private static func step<T>(_ body: () throws(UserLoginError) -> T) throws(CommandFailure) -> T {
        do throws(UserLoginError) {
            return try body()
        } catch {
            throw CommandFailure(message: "emr: \(error)", status: .usage)
        }
    }

    private static func endpoints(of flow: UserLoginConfiguration.LoginFlow) throws(CommandFailure) -> (URL, URL) {
        switch flow {
        case .offered(let authorization, let token): return (authorization, token)
        case .missing(let reason): throw CommandFailure(message: "emr: \(UserLoginError.notOffered(reason))", status: .usage)
        }
    }

    /// The address the browser ended on, or the code. With a display (and not `--no-browser`)
    /// the browser is opened with `xdg-open` and the redirect caught on the loopback port;
    /// without one (SSH), or when the port is taken, the user pastes it at the prompt. No
    /// browser is ever started when `DISPLAY` is unset.
    private func answer(
        to request: AuthorizationRequest, settings: UserLoginSettings, offersDevice: Bool, output: (String) -> Void,
        errors: (String) -> Void
    ) throws(UserLoginError) -> String {
        if !settings.noBrowser, !(environment["DISPLAY"] ?? "").isEmpty {
            if let listener = LoopbackRedirect(port: settings.redirectPort) {
                output("Opening the login page in the browser; if it does not open, visit:")
                output(request.url.absoluteString)
                Self.openBrowser(request.url)
                output("Waiting for the browser to come back to \(settings.redirectURI.absoluteString) (up to 5 minutes)")
                guard let address = listener.awaitRedirect(timeout: Self.browserWait, unless: interrupted) else { throw .noAnswer }
                return address
            }
            errors("emr: the redirect port \(settings.redirectPort) is in use on this machine; paste the address instead")
        }
        for line in Self.pasteBackPrompt(request.url, redirectURI: settings.redirectURI, offersDevice: offersDevice) { output(line) }
        guard let line = TerminalLine.read(unless: interrupted) else { throw .noAnswer }
        return line
    }

    static let browserWait: TimeInterval = 300

    /// The paste-back prompt: the address to open, then, when the server offers the device
    /// login, one line saying how to choose it here (typing `device`, which a ward account
    /// running nothing but the workstation can do too), and the question last.
    static func pasteBackPrompt(_ url: URL, redirectURI: URL, offersDevice: Bool) -> [String] {
        ["Open this address in a browser on any device and log in:", url.absoluteString]
            + (offersDevice ? ["Or type \(deviceAnswer) to log in with a code on any device instead"] : [])
            + ["Then paste the address the browser ends on (\(redirectURI.absoluteString)?code=...), or just the code:"]
    }

    /// What the user types at the paste-back prompt to log in with a code instead.
    static let deviceAnswer = "device"

    /// The clinician's name from their Practitioner, read with the new session and kept in it
    /// for the workstation's header; a server that does not give it leaves the header on the
    /// OS account.
    private static func recordName(of user: String, session: UserSession, client: FHIRClient, store: SecretUserSessionStore) {
        let token = session.accessToken
        guard let name = SyncCommand.wait({ () async -> String? in await client.practitionerName(user, accessToken: token) }) else { return }
        var named = session
        named.userName = name
        store.save(named)
    }

    /// One cache per clinician: the first login's `fhirUser` owns the cache; another is refused.
    private static func checkOwner(_ user: String, cache: EncryptedCache) throws(CommandFailure) {
        let owner = CacheOwner(cache: cache)
        let recorded: String?
        do throws(CacheError) {
            recorded = try owner.fhirUser()
            if recorded == nil { try owner.claim(user) }
        } catch {
            throw CacheSession.failure(for: error)
        }
        if let recorded, recorded != user {
            throw CommandFailure(
                message: "emr: this cache belongs to \(recorded); \(user) cannot log in with it (one cache per clinician: "
                    + "log in under your own account); nothing was stored",
                status: .usage)
        }
    }

    /// `xdg-open URL`, detached from the terminal; the address is printed anyway, so a
    /// launcher that is missing or fails only means the user opens it by hand.
    private static func openBrowser(_ url: URL) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }

    /// Runs one async step of the login to its end.
    /// `step`'s answer; a Ctrl-C (`interrupted`) cancels it, and the step says how it ended.
    static func await<T: Sendable>(
        unless interrupted: () -> Bool = { false }, _ step: @escaping @Sendable () async throws(FHIRClientError) -> T
    ) throws(CommandFailure) -> T {
        let result = SyncCommand.wait(unless: interrupted) { () async -> Result<T, FHIRClientError> in
            do throws(FHIRClientError) { return .success(try await step()) } catch { return .failure(error) }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw CommandFailure(message: "emr: \(error)", status: .usage)
        }
    }
}

/// `emr logout`: the session goes from the cache; the next request needs `emr login` again.
/// When the server offers revocation (RFC 7009) its session is ended there too; otherwise the
/// user is told that the server's session lasts until it expires.
struct LogoutCommand {
    var options: LogoutOptions
    var config: Config
    var environment: [String: String]

    func run(session: CacheSession) throws(CommandFailure) -> String {
        var arguments = ServerArguments()
        arguments.server = options.server
        let client = try ServerOptions(arguments: arguments, config: config, environment: environment).unauthorizedClient()
        let store = SecretUserSessionStore(cache: session.cache, server: client.serverName)
        guard let current = store.load() else { return "not logged in to \(client.serverName)" }
        store.remove()
        try session.record(.serverLogout)
        return "logged out of \(client.serverName): the session was removed from the cache; " + Self.revoke(current, client: client)
    }

    /// What became of the session at the server, as the end of the logout's line.
    private static func revoke(_ session: UserSession, client: FHIRClient) -> String {
        guard let endpoint = session.revocationEndpoint else {
            return "the server offers no revocation, so its session lasts until it expires"
        }
        let token = UserTokenEndpoint(client: client)
        let failure = SyncCommand.wait { () async -> FHIRClientError? in
            do throws(FHIRClientError) { try await token.revoke(session, at: endpoint) } catch { return error }
            return nil
        }
        guard let failure else { return "it was revoked at the server" }
        return "revoking it at the server failed (\(failure)), so its session there lasts until it expires"
    }
}

extension LoginCommand: EmrCommand {
    static let word: String? = "login"
    static let summary = "log the user in at the FHIR server (SMART App Launch: authorization code + PKCE S256, or a device code "
        + "with --device); the session is sealed in the cache and used by sync and the workstation when the config says 'login = user'"

    static func run(_ options: LoginOptions, in context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let config = try context.config()
        let session = try context.openCache(options.cache)
        // The address must reach a user reading a pipe or a log before the prompt waits.
        let flushed = { (line: String) in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        return try LoginCommand(options: options, config: config, environment: context.environment)
            .run(session: session, output: flushed, errors: context.complain)
    }
}

extension LogoutCommand: EmrCommand {
    static let word: String? = "logout"
    static let summary = "drop this account's login session for the server from the cache"

    static func run(_ options: LogoutOptions, in context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let config = try context.config()
        let session = try context.openCache(options.cache)
        context.say(try LogoutCommand(options: options, config: config, environment: context.environment).run(session: session))
        return .success
    }
}
