import CoreDomain
import Foundation
import CoreUseCases

/// The NEWS2 and to-do cells of a patient-list row. A number is never cut and a band is never
/// colour alone. Compact (the list at 80x24): the score with a letter, `7H` high, `5M` medium,
/// `3S` a single parameter scoring 3, `2` low (a letter, never `!`, which is the row's
/// abnormal-vital mark), `*` after a score older than the ward's observation interval
/// (`7H*`: stale), and one to-do letter (`O` observations, `D` a dose, `B` both: a capital
/// when late, small when due; `?` the row no longer knows the doses: see the MAR).
/// From `PatientListView.wordsWidth`: `NEWS2 7 HIGH` (`NEWS2 7 HIGH*`), `obs late`, `dose due`.
enum PatientRowMarksText {
    /// After the score of a round older than the ward's observation interval
    /// (`EarlyWarning.observationInterval`): the score is not the patient's present state.
    static let staleMark = "*"

    /// The score cell: a space, the total, the band letter, and `*` when stale; as wide as a
    /// one-digit score's (three cells) when there is none, so bed columns line up.
    static func compactScore(_ warning: EarlyWarning?, at now: Date) -> Span {
        guard let warning else { return Span("   ") }
        return Span(" \(warning.total)\(letter(warning.band))" + stale(warning, now), VitalsNEWS2Text.role(warning.band))
    }

    /// `NEWS2 7 HIGH` (`NEWS2 7 HIGH*` when stale), right-aligned in the widest one's room
    /// (`NEWS2 20 L-MED*`).
    static func wordsScore(_ warning: EarlyWarning?, at now: Date) -> Span {
        let text = warning.map { "NEWS2 \($0.total) \(VitalsNEWS2Text.band($0.band))" + stale($0, now) } ?? ""
        return Span(padded(text, to: 15), warning.map { VitalsNEWS2Text.role($0.band) } ?? .normal)
    }

    private static func stale(_ warning: EarlyWarning, _ now: Date) -> String {
        warning.isStale(at: now) ? staleMark : ""
    }

    /// The to-do letter, nil when nothing is due or late: a capital when something is late, a
    /// small letter when it is only due, so the row a nurse must go to first reads differently
    /// without colour.
    static func compactTask(_ tasks: PatientRowTasks) -> String? {
        let letter: String? = switch (tasks.observations != nil, tasks.dose != nil) {
        case (true, true): "B"
        case (false, true): "D"
        case (true, false): "O"
        case (false, false): tasks.doseUnknown ? "?" : nil
        }
        return tasks.observations == .late || tasks.dose == .late ? letter : letter?.lowercased()
    }

    /// `obs due`/`obs late` in one column, `dose due`/`dose late`/`dose ?` in the next.
    static func wordsTasks(_ tasks: PatientRowTasks) -> [Span] {
        let observations = tasks.observations.map { "obs " + word($0) } ?? ""
        let dose = tasks.dose.map { "dose " + word($0) } ?? (tasks.doseUnknown ? "dose ?" : "")
        return [Span(padded(observations, to: 9)), Span(padded(dose, to: 10))]
    }

    private static func word(_ urgency: PatientRowTasks.Urgency) -> String {
        urgency == .late ? "late" : "due"
    }

    private static func letter(_ band: EarlyWarning.Band) -> String {
        switch band {
        case .high: "H"
        case .medium: "M"
        case .lowMedium: "S"
        case .low: " "
        }
    }

    private static func padded(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - DisplayWidth.cells(text)) + 1) + text
    }
}
