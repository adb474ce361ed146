import DataFHIR
import DataLocal
import Foundation

/// The server options shared by `emr sync` and the online workstation (`--server`, the
/// census, credentials, timeouts), read from the command line, then `$EMR_HOME/config`.
struct ServerOptions {
    var arguments: ServerArguments
    var config: Config
    var environment: [String: String]

    /// What the workstation asks the server for: read the census, write charted vital signs
    /// and the audit trail. A server grants what the client is allowed (a read-only client
    /// still syncs; its uploads then fail with a 403 naming the missing scope).
    static let defaultScope = "system/*.read system/Observation.write system/AuditEvent.write"

    /// True when a server is named, so the workstation should sync.
    var isConfigured: Bool { arguments.server ?? config.values["server"] != nil }

    /// The FHIR client for the named server, authorized with the SMART credentials if given,
    /// else with the logged-in user's session when the config says `login = user` (tokens
    /// kept in `cache`). `retryAfterBudget`: the longest a request may wait for a busy server,
    /// when shorter than the client's own (the workstation's sync interval).
    func client(cache: EncryptedCache, retryAfterBudget: TimeInterval? = nil) throws(CommandFailure) -> FHIRClient {
        var client = try unauthorizedClient(retryAfterBudget: retryAfterBudget)
        if let credentials = try credentials() {
            let store = SecretTokenStore(cache: cache, server: client.serverName, clientID: credentials.clientID)
            client.authorizer = SMARTTokenProvider(
                client: client, credentials: credentials, scope: arguments.scope ?? Self.defaultScope, store: store)
        } else if try UserLoginSettings.isUserLogin(config) {
            client.authorizer = UserSessionAuthorizer(
                endpoint: UserTokenEndpoint(client: client), store: SecretUserSessionStore(cache: cache, server: client.serverName))
        }
        return client
    }

    /// The client without credentials: discovery and logging in.
    func unauthorizedClient(retryAfterBudget: TimeInterval? = nil) throws(CommandFailure) -> FHIRClient {
        let transport = CurlTransport(maxResponseBytes: try config.maxResponseBytes(environment: environment))
        return FHIRClient(baseURL: try serverURL(), transport: transport, retry: try retryPolicy(retryAfterBudget: retryAfterBudget),
                          timeout: try timeout())
    }

    /// `EMR_RETRY_DELAY`'s backoff, and `Retry-After`s waited for up to `retryAfterBudget`
    /// (never more than the client's default).
    func retryPolicy(retryAfterBudget: TimeInterval? = nil) throws(CommandFailure) -> RetryPolicy {
        var retry = RetryPolicy()
        retry.baseDelay = try retryDelay()
        if let retryAfterBudget { retry.maxRetryAfter = min(retry.maxRetryAfter, retryAfterBudget) }
        return retry
    }

    private func serverURL() throws(CommandFailure) -> URL {
        guard let text = arguments.server ?? config.values["server"] else {
            throw CommandFailure(message: "emr: a FHIR server is needed: use --server URL or 'server = URL' in $EMR_HOME/config", status: .usage)
        }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw CommandFailure(message: "emr: the server address '\(text)' is not an http(s) URL", status: .usage)
        }
        return url
    }

    func census() throws(CommandFailure) -> Census {
        if let ids = arguments.patients {
            return .patients(ids.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
        guard let ward = arguments.ward ?? config.values["ward"] else {
            throw CommandFailure(message: "emr: sync needs a census: use --ward LOCATION-ID or --patients ID,ID,...", status: .usage)
        }
        return .ward(ward)
    }

    private func timeout() throws(CommandFailure) -> TimeInterval {
        guard let text = arguments.timeout else { return 30 }
        guard let seconds = TimeInterval(text), seconds > 0, seconds <= 600 else {
            throw CommandFailure(message: "emr: --timeout must be seconds between 0 and 600, got '\(text)'", status: .usage)
        }
        return seconds
    }

    /// `EMR_RETRY_DELAY`: the first backoff step in seconds (default 1; tests use 0.05).
    private func retryDelay() throws(CommandFailure) -> TimeInterval {
        guard let text = environment["EMR_RETRY_DELAY"] else { return 1 }
        guard let seconds = TimeInterval(text), seconds >= 0, seconds <= 60 else {
            throw CommandFailure(message: "emr: EMR_RETRY_DELAY must be seconds between 0 and 60, got '\(text)'", status: .usage)
        }
        return seconds
    }

    func credentials() throws(CommandFailure) -> ClientCredentials? {
        guard let clientID = arguments.clientID else {
            if arguments.clientSecretFile != nil || arguments.privateKey != nil {
                throw CommandFailure(message: "emr: --client-secret-file and --private-key need --client-id", status: .usage)
            }
            return nil
        }
        if let keyPath = arguments.privateKey {
            return .privateKeyJWT(clientID: clientID, signer: try PrivateKeySigner.load(keyPath, keyID: arguments.keyID))
        }
        guard let secretPath = arguments.clientSecretFile else {
            throw CommandFailure(message: "emr: --client-id needs --client-secret-file FILE or --private-key FILE", status: .usage)
        }
        let data = try PrivateFileReader.contents(secretPath, what: "client secret file")
        let secret = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch arguments.clientAuth ?? "client_secret_basic" {
        case "client_secret_basic": return .secretBasic(clientID: clientID, secret: secret)
        case "client_secret_post": return .secretPost(clientID: clientID, secret: secret)
        case let other:
            throw CommandFailure(message: "emr: unknown --client-auth '\(other)' (client_secret_basic or client_secret_post)", status: .usage)
        }
    }
}
