import DataFHIR
import DataLocal
import Foundation
import Synchronization

/// `emr sync`: one headless sync of the census into the cache, for a ward server's cron or
/// systemd timer. Prints one summary line; the exit status says how it went (0 all stored,
/// 1 finished with problems or the server sent something unusable, 2 usage, server
/// unreachable or not authorized).
struct SyncCommand {
    var arguments: Arguments
    var config: Config
    var environment: [String: String]

    func run(session: CacheSession, output: (String) -> Void, errors: (String) -> Void) throws(CommandFailure) -> ExitStatus {
        let server = try serverURL()
        let census = try self.census()
        let lock: SyncLock
        do {
            lock = try SyncLock(directory: session.location.directory)
        } catch {
            throw CommandFailure(message: "emr: \(error.description)", status: .usage)
        }
        var retry = RetryPolicy()
        retry.baseDelay = try retryDelay()
        var client = FHIRClient(baseURL: server, retry: retry, timeout: try timeout())
        if let credentials = try credentials() {
            let store = SecretTokenStore(cache: session.cache, server: client.serverName, clientID: credentials.clientID)
            client.authorizer = SMARTTokenProvider(
                client: client, credentials: credentials, scope: arguments.options["--scope"] ?? "system/*.read", store: store)
        }
        let outcome = Self.wait { [client] () async -> Result<(CapabilityReport, SyncReport), Error> in
            do {
                let capabilities = try await client.capabilities()
                return .success((capabilities, try await CensusSync(client: client, cache: session.cache).run(census)))
            } catch {
                return .failure(error)
            }
        }
        withExtendedLifetime(lock) {}
        if case .failure = outcome {
            // Best effort: the failure itself is what the user must hear about.
            try? session.record(.sync, outcome: .failure)
        }
        switch outcome {
        case .success(let (capabilities, report)):
            try session.record(.sync)
            if let missing = capabilities.missingSummary { errors("emr: \(missing)") }
            for problem in report.problems { errors("\(problem)") }
            output(Self.summary(report))
            Self.uploadAudit(client: client, session: session, output: output, errors: errors)
            return report.stored.skipped.isEmpty ? .success : .finishedWithProblems
        case .failure(let error as FHIRClientError):
            if case .rejected(_, _, _, let diagnostics?) = error { errors("emr: server said: \(diagnostics.prefix(200))") }
            let status: ExitStatus = switch error {
            case .unreachable, .timedOut, .unauthorized, .forbidden, .unsupportedServer: .usage
            default: .finishedWithProblems
            }
            throw CommandFailure(message: "emr: sync failed, the cache is unchanged: \(error)", status: status)
        case .failure(let error as CacheError):
            throw CacheSession.failure(for: error)
        case .failure(let error):
            throw CommandFailure(message: "emr: sync failed: \(error)", status: .finishedWithProblems)
        }
    }

    /// "synced 6 patients (6 new) from http://127.0.0.1:8080: fetched 812 resources (...); stored 812; 17 requests in 1.2 s"
    static func summary(_ report: SyncReport) -> String {
        let types = report.fetchedByType.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        var line = "synced \(report.censusPatients) patients (\(report.newPatients) new"
        if report.leftCensus > 0 { line += ", \(report.leftCensus) left the census" }
        line += report.incremental ? ", incremental)" : ", full)"
        line += ": fetched \(report.fetchedCount) resources" + (types.isEmpty ? "" : " (\(types))")
        line += "; stored \(report.stored.importedCount); \(report.stored.skipped.count) skipped"
        line += "; \(report.requests) requests in " + String(format: "%.2f s", report.seconds)
        return line
    }

    private func serverURL() throws(CommandFailure) -> URL {
        guard let text = arguments.options["--server"] ?? config.values["server"] else {
            throw CommandFailure(message: "emr: sync needs a FHIR server: use --server URL or 'server = URL' in $EMR_HOME/config", status: .usage)
        }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw CommandFailure(message: "emr: the server address '\(text)' is not an http(s) URL", status: .usage)
        }
        return url
    }

    private func census() throws(CommandFailure) -> Census {
        if let ids = arguments.options["--patients"] {
            return .patients(ids.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
        guard let ward = arguments.options["--ward"] ?? config.values["ward"] else {
            throw CommandFailure(message: "emr: sync needs a census: use --ward LOCATION-ID or --patients ID,ID,...", status: .usage)
        }
        return .ward(ward)
    }

    private func timeout() throws(CommandFailure) -> TimeInterval {
        guard let text = arguments.options["--timeout"] else { return 30 }
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

    private func credentials() throws(CommandFailure) -> ClientCredentials? {
        guard let clientID = arguments.options["--client-id"] else {
            if arguments.options["--client-secret-file"] != nil || arguments.options["--private-key"] != nil {
                throw CommandFailure(message: "emr: --client-secret-file and --private-key need --client-id", status: .usage)
            }
            return nil
        }
        if let keyPath = arguments.options["--private-key"] {
            return .privateKeyJWT(clientID: clientID, signer: try PrivateKeySigner.load(keyPath, keyID: arguments.options["--key-id"]))
        }
        guard let secretPath = arguments.options["--client-secret-file"] else {
            throw CommandFailure(message: "emr: --client-id needs --client-secret-file FILE or --private-key FILE", status: .usage)
        }
        let data = try PrivateFileReader.contents(secretPath, what: "client secret file")
        let secret = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch arguments.options["--client-auth"] ?? "client_secret_basic" {
        case "client_secret_basic": return .secretBasic(clientID: clientID, secret: secret)
        case "client_secret_post": return .secretPost(clientID: clientID, secret: secret)
        case let other:
            throw CommandFailure(message: "emr: unknown --client-auth '\(other)' (client_secret_basic or client_secret_post)", status: .usage)
        }
    }

    /// Runs async work to completion from the synchronous command dispatch.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await work()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}
