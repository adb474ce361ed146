import CoreDomain
import DataFHIR
import DataLocal
import Foundation

/// The demo's one offset for all its fixtures' dates, so their newest data point is "now".
/// Applied here, at the composition root, and nowhere in storage: the demo cache stores each
/// value moved (`storedValues`, its JSON kept as written), and charting into it goes through
/// `charting(_:)`, which writes the nurse's time in the fixtures' frame, so it reads back at
/// the time she gave and a correction decoded from that JSON lands where it was shown.
///
/// Moved as values are stored, not by a wrapper around the chart and list as they are read:
/// what is derived when values are stored (a list row's NEWS2 for the patient's age, the
/// search index's birth dates) then agrees with what is shown, and reads cost nothing extra.
struct DemoDateShift: Sendable {
    /// Whole minutes, so shifted times keep their minutes and read naturally.
    let interval: TimeInterval

    init(interval: TimeInterval) {
        self.interval = interval
    }

    /// The shift that moves the newest date in `files` to `now` (none for files without dates).
    init(newestIn files: [URL], now: Date) throws(CommandFailure) {
        var newest: Date?
        let reader = FHIRReader()
        for file in files {
            do {
                try reader.forEachResource(in: file, onProblem: { _ in }) { resource in
                    _ = resource.content.rewritingDates(instant: { date in
                        if newest.map({ date > $0 }) ?? true { newest = date }
                        return date
                    }, day: { $0 })
                }
            } catch {
                throw CommandFailure(message: "emr: demo data \(file.lastPathComponent) unreadable: \(error)", status: .usage)
            }
        }
        interval = ((now.timeIntervalSince(newest ?? now)) / 60).rounded(.down) * 60
    }

    /// Every date of a stored value moved by the shift; a date given to the day (a birth
    /// date) by whole days in UTC, keeping its precision.
    var storedValues: StoredValueRule {
        let interval = interval
        return StoredValueRule { $0.rewritingDates(instant: { $0.addingTimeInterval(interval) }, day: { $0.shifted(by: interval) }) }
    }

    /// `recorder`, with each charted entry's time written back in the fixtures' frame.
    func charting(_ recorder: any VitalsCharting) -> any VitalsCharting {
        ShiftedCharting(recorder: recorder, interval: interval)
    }

    /// `recorder`, with each recorded dose's time written back in the fixtures' frame.
    func doses(_ recorder: any DoseCharting) -> any DoseCharting {
        ShiftedDoses(recorder: recorder, interval: interval)
    }

    /// `recorder`, with each note's time written back in the fixtures' frame.
    func notes(_ recorder: any NoteCharting) -> any NoteCharting {
        ShiftedNotes(recorder: recorder, interval: interval)
    }

    /// "all dates moved forward 301 d 4 h, so the newest point is now": for the help screen.
    var description: String {
        let hours = Int(interval / 3600)
        return "all dates moved forward \(hours / 24) d \(hours % 24) h, so the newest data point is now"
    }
}

/// Charting into the demo cache: an entry's time moved back by the shift, which the cache's
/// `StoredValueRule` moves forward again as it stores the value.
private struct ShiftedCharting: VitalsCharting {
    let recorder: any VitalsCharting
    let interval: TimeInterval

    func record(_ entry: VitalsEntry) async throws -> [String] {
        var written = entry
        written.effective = entry.effective.addingTimeInterval(-interval)
        return try await recorder.record(written)
    }

    func markEnteredInError(observationIDs: [String], patientID: String, reason: String) async throws {
        try await recorder.markEnteredInError(observationIDs: observationIDs, patientID: patientID, reason: reason)
    }

    func recordSpO2Target(_ target: SpO2TargetEntry) async throws -> String {
        var written = target
        written.effective = target.effective.addingTimeInterval(-interval)
        return try await recorder.recordSpO2Target(written)
    }

    func outboxStatus() async throws -> OutboxStatus {
        try await recorder.outboxStatus()
    }

    func auditing(_ actions: [AuditAction]) -> any VitalsCharting {
        ShiftedCharting(recorder: recorder.auditing(actions), interval: interval)
    }
}

/// Doses recorded into the demo cache, moved back by the shift as `ShiftedCharting` moves vitals.
private struct ShiftedDoses: DoseCharting {
    let recorder: any DoseCharting
    let interval: TimeInterval

    func record(_ dose: DoseRecord) async throws -> String {
        var written = dose
        written.effective = dose.effective.addingTimeInterval(-interval)
        written.scheduledTime = dose.scheduledTime?.addingTimeInterval(-interval)
        return try await recorder.record(written)
    }

    func recordEffect(_ entry: PRNEffectEntry) async throws -> String {
        var written = entry
        written.effective = entry.effective.addingTimeInterval(-interval)
        return try await recorder.recordEffect(written)
    }

    func markEnteredInError(administrationID: String, patientID: String, reason: String) async throws {
        try await recorder.markEnteredInError(administrationID: administrationID, patientID: patientID, reason: reason)
    }

    func auditing(_ actions: [AuditAction]) -> any DoseCharting {
        ShiftedDoses(recorder: recorder.auditing(actions), interval: interval)
    }
}

/// Notes written into the demo cache, moved back by the shift as `ShiftedCharting` moves vitals.
private struct ShiftedNotes: NoteCharting {
    let recorder: any NoteCharting
    let interval: TimeInterval

    func record(_ note: NursingNoteEntry) async throws -> String {
        var written = note
        written.date = note.date.addingTimeInterval(-interval)
        return try await recorder.record(written)
    }

    func markEnteredInError(noteID: String, patientID: String, reason: String) async throws {
        try await recorder.markEnteredInError(noteID: noteID, patientID: patientID, reason: reason)
    }

    func auditing(_ actions: [AuditAction]) -> any NoteCharting {
        ShiftedNotes(recorder: recorder.auditing(actions), interval: interval)
    }
}
