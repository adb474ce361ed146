import CoreDomain
import DataLocal
import Foundation

/// `emr audit verify` and `emr audit show`: the account's own audit trail, checked or listed.
/// Neither writes to the trail, so a damaged one can still be examined.
struct AuditCommand {
    var options: AuditOptions

    func run(session: CacheSession, output: (String) -> Void) throws(CommandFailure) -> ExitStatus {
        let log = AuditLog(cache: session.cache)
        if options.verifies {
            // 100,000 entries take seconds to check: a terminal sees how far it got.
            var progress = ProgressLine.standardError(verb: "verifying", unit: "entries", quiet: options.cache.quiet)
            let result = Result { () throws(CommandFailure) in
                try reading { () throws(CacheError) in
                    try log.verify(.wholeChain) { checked, total in progress.update(done: checked, of: total) }
                }
            }
            // Erased before the answer prints, whichever it is.
            progress.finish()
            switch try result.get() {
            case let .intact(count):
                output("ok: \(count) entries, the whole chain verified")
                return .success
            case let .broken(entry, reason):
                throw CacheSession.failure(for: .auditBroken(entry: entry, reason: reason))
            }
        }
        let filter = AuditFilter(patientID: options.patient, since: try since(), user: options.user)
        let entries = try reading { () throws(CacheError) in try log.entries(filter) }
        guard !entries.isEmpty else {
            output("no audit entries match")
            return .success
        }
        for line in AuditTable(entries: entries).lines { output(line) }
        return .success
    }

    private func reading<T>(_ body: () throws(CacheError) -> T) throws(CommandFailure) -> T {
        do {
            return try body()
        } catch {
            throw CacheSession.failure(for: error)
        }
    }

    /// `--since` as a UTC day (`2024-05-01`) or an ISO 8601 time (`2024-05-01T08:00:00Z`).
    private func since() throws(CommandFailure) -> Date? {
        guard let text = options.since else { return nil }
        let full = ISO8601DateFormatter()
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = TimeZone(identifier: "UTC")
        day.dateFormat = "yyyy-MM-dd"
        guard let date = full.date(from: text) ?? day.date(from: text) else {
            throw CommandFailure(message: "emr: --since needs a date like 2024-05-01 or 2024-05-01T08:00:00Z", status: .usage)
        }
        return date
    }
}

/// The audit entries as a plain-text table with aligned columns, one entry per line.
struct AuditTable {
    var entries: [AuditEntry]

    static let header = ["#", "TIME (UTC)", "USER", "CLIENT", "SOURCE", "ACTION", "DETAIL", "PATIENT", "OUTCOME"]

    /// The last column, only when someone logged in at the server with this cache: the
    /// clinician of record (their Practitioner) beside the OS account.
    var showsPractitioner: Bool { entries.contains { $0.event.actor.fhirUser != nil } }

    var lines: [String] {
        let time = ISO8601DateFormatter()
        let header = Self.header + (showsPractitioner ? ["PRACTITIONER"] : [])
        let rows = [header] + entries.map { entry in
            let event = entry.event
            let row = [String(entry.sequence), time.string(from: event.time), event.actor.user, event.actor.clientID ?? "-",
                       event.actor.source, event.action.code, event.action.detail.isEmpty ? "-" : event.action.detail,
                       event.patientID ?? "-", event.outcome.rawValue]
            return row + (showsPractitioner ? [event.actor.fhirUser ?? "-"] : [])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }
}

extension AuditCommand: EmrCommand {
    static let word: String? = "audit"
    static let summary = "verify: check the audit trail's whole chain ('ok: N entries' or the first broken entry); show: list the trail"

    static func run(_ options: AuditOptions, in context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let session = try context.openCache(options.cache, recordUnlock: false)
        return try AuditCommand(options: options).run(session: session, output: context.say)
    }
}
