import DataLocal
import Foundation

/// How sending the outbox went within one sync.
typealias DrainOutcome = Result<OutboxDrainReport, OutboxDrainFailure>

extension Result where Success == OutboxDrainReport, Failure == OutboxDrainFailure {
    /// What got through, whether or not the drain went to the end.
    var report: OutboxDrainReport {
        switch self {
        case .success(let report): report
        case .failure(let failure): failure.report
        }
    }
}

extension SyncCommand {
    /// Sends the charted entries waiting in the outbox. A drain that stops does not stop the
    /// census sync: what was not sent stays queued, and reading the census still helps.
    static func drainOutbox(_ drain: OutboxDrain) async -> DrainOutcome {
        do throws(OutboxDrainFailure) {
            return .success(try await drain.run())
        } catch {
            return .failure(error)
        }
    }

    /// Prints what the drain did; false when an entry is refused or left unsent (the sync then
    /// finishes with problems, so a cron job's status shows it). The server's reasons stay in
    /// the encrypted cache, shown on the chart: they may quote patient data.
    static func reportDrain(_ drained: DrainOutcome, server: String, output: (String) -> Void, errors: (String) -> Void) -> Bool {
        switch drained {
        case .success(let report) where report.failed > 0:
            output("sent \(report.sent) charted entries to \(server)")
            errors("emr: the server refused \(report.failed) charted entries: they stay in the outbox, marked failed on the chart with the server's reason")
            return false
        case .success(let report):
            if report.sent > 0 { output("sent \(report.sent) charted entries to \(server)") }
            return true
        case .failure(let failure):
            errors("emr: \(failure)")
            return false
        }
    }
}
