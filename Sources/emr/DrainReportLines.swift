import DataLocal
import Foundation

/// What `emr sync` prints about the outbox it sent (the sending itself is `SyncRun`'s).
extension SyncCommand {
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
