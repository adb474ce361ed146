import DataFHIR
import DataLocal
import Foundation
import Synchronization

/// `emr sync`: one headless sync of the census into the cache, for a ward server's cron or
/// systemd timer. Prints one summary line; the exit status says how it went (0 all stored,
/// 1 finished with problems or the server sent something unusable, 2 usage, server
/// unreachable or not authorized).
struct SyncCommand {
    var options: SyncOptions
    var config: Config
    var environment: [String: String]

    func run(session: CacheSession, output: (String) -> Void, errors: (String) -> Void) throws(CommandFailure) -> ExitStatus {
        let server = ServerOptions(arguments: options.server, config: config, environment: environment)
        let census = try server.census()
        let days = try config.retentionDays()
        let client = try server.client(cache: session.cache)
        let run = SyncRun(
            client: client, cache: session.cache, census: census, trail: session.trail, retention: days * 86_400,
            lockDirectory: session.location.directory, budget: try config.syncBudget())
        // The requests sent so far (a page of a search each, or a retry), read by a task beside
        // the sync for the progress line; the server does not say how many pages there will be.
        let requests = SentRequests()
        var progress = ProgressLine.standardError(verb: "syncing", unit: "requests", quiet: options.cache.quiet)
        let outcome = Self.wait(tick: { progress.update(done: requests.count, of: nil) }) { () async -> Result<SyncRun.Outcome, any Error> in
            let counting = Task {
                while !Task.isCancelled {
                    requests.count = await client.requestsSent()
                    try? await Task.sleep(for: .milliseconds(100))
                }
            }
            defer { counting.cancel() }
            do throws(SyncRun.Failure) {
                return .success(try await run.run())
            } catch {
                return .failure(error.error)
            }
        }
        progress.finish()
        switch outcome {
        case .success(let synced):
            // The sync's entry was written with its data (`CensusSync`); a failure's by `SyncRun`,
            // which has released the sync lock: the audit upload below runs without it.
            let report = synced.report
            if let missing = synced.capabilities.missingSummary { errors("emr: \(missing)") }
            let charting = Self.reportDrain(synced.drained, server: client.serverName, output: output, errors: errors)
            for problem in report.problems { errors("\(problem)") }
            var status: ExitStatus = report.stored.skipped.isEmpty ? .success : .finishedWithProblems
            switch synced.purge {
            case .success(let retention):
                output(Self.summary(report) + Self.summary(retention, days: days))
            case .failure(let error):
                output(Self.summary(report))
                errors("emr: patients who left the census were not purged: \(SyncRun.message(for: error)); the next sync tries again")
                status = .finishedWithProblems
            }
            Self.uploadAudit(client: client, session: session, output: output, errors: errors)
            if !charting { status = .finishedWithProblems }
            return status
        case .failure(let error as FHIRClientError):
            if case .rejected(_, _, _, let diagnostics?) = error {
                // The server's own words may echo patient data; under cron or systemd stderr
                // becomes a log, so only a person at a terminal sees them.
                errors(isatty(STDERR_FILENO) == 1
                    ? "emr: server said: \(diagnostics.prefix(200))"
                    : "emr: the server explained why; run 'emr sync' in a terminal to see the server's message")
            }
            let status: ExitStatus = switch error {
            case .unreachable, .timedOut, .unauthorized, .forbidden, .unsupportedServer, .loginRequired: .usage
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

    /// "; purged 2 patients off the census over 7 days", or why they were kept; empty when none were due.
    static func summary(_ retention: CensusRetention.Outcome, days: Double) -> String {
        let period = "off the census over \(days == days.rounded() ? String(Int(days)) : String(days)) days"
        var line = retention.purged > 0 ? "; purged \(retention.purged) patients \(period)" : ""
        if retention.heldForOutbox > 0 {
            line += "; \(retention.heldForOutbox) patients \(period) not purged: they have charted entries not yet sent"
        }
        return line
    }

    /// Runs async work to completion from the synchronous command dispatch; when
    /// `interrupted()` turns true (a Ctrl-C the workstation took), the work is cancelled and its
    /// answer to that awaited. `tick` runs every 100 ms meanwhile (a progress line's redraw).
    static func wait<T: Sendable>(
        unless interrupted: () -> Bool = { false }, tick: () -> Void = {}, _ work: @escaping @Sendable () async -> T
    ) -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            let value = await work()
            result.withLock { $0 = value }
            done.signal()
        }
        // Looks for a Ctrl-C every 100 ms; the work, cancelled, still gives its answer.
        while done.wait(timeout: .now() + 0.1) == .timedOut {
            tick()
            guard interrupted() else { continue }
            task.cancel()
            done.wait()
            break
        }
        return result.withLock { $0! }
    }
}

/// How many requests the sync has sent, as last read from its client: shared by the task
/// that reads it and the progress line's redraws.
private final class SentRequests: Sendable {
    private let value = Mutex(0)

    var count: Int {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}

extension SyncCommand: EmrCommand {
    static let word: String? = "sync"
    static let summary = "send charted entries waiting in the outbox, then pull the census (--ward or --patients) from a FHIR R4 "
        + "server into the cache; SMART Backend Services when --client-id is given"

    static func run(_ options: SyncOptions, in context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let config = try context.config()
        let session = try context.openCache(options.cache, config: config)
        return try SyncCommand(options: options, config: config, environment: context.environment)
            .run(session: session, output: context.say, errors: context.complain)
    }
}
