import CoreDomain
import Foundation

/// Which dose a record is for, asked when the nurse chooses a dose that is late or missed and
/// its order's next dose is still open: "the 09:00 dose, given late now" (the next dose's
/// second-dose guard then counts from now) or "the 14:00 dose, given early now" (09:00 stays
/// missed, and says so). The record then names the dose chosen (`DoseRecord.scheduledTime`),
/// so the MAR never moves it. No question when there is nothing to choose between.
public enum DoseChoiceRule {
    /// The doses a record made at `now` for `dose` could be: `dose` and its order's next one,
    /// each with where `now` falls against it; empty when `dose` is not late or missed, or the
    /// next one is not in view or already recorded.
    public static func choices(for dose: ScheduledDose, in record: MedicationAdministrationRecord, at now: Date) -> [DoseChoice] {
        switch dose.status(at: now, window: record.window) {
        case .late, .missed: break
        default: return []
        }
        guard let nextTime = dose.next,
              let next = record.doses.first(where: { $0.request.id == dose.request.id && $0.time == nextTime }),
              next.administration == nil, next.alsoRecorded.isEmpty else { return [] }
        return [dose, next].map { DoseChoice(dose: $0, timing: DoseRecordingRule.timing(of: $0, givenAt: now, window: record.window)) }
    }
}

/// One answer to "which dose is this?": a scheduled dose, and where giving it now falls.
public struct DoseChoice: Hashable, Sendable {
    public var dose: ScheduledDose
    public var timing: DoseRecordingRule.Timing

    public init(dose: ScheduledDose, timing: DoseRecordingRule.Timing) {
        self.dose = dose
        self.timing = timing
    }

    /// `the 09:00 dose, given late now (461 min)`, `the 14:00 dose, given early now (210 min)`,
    /// `the 14:00 dose, on time now`, with the dose's time on the ward's clock in `calendar`.
    public func sentence(calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: dose.time)
        let clock = ClockTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0)?.description ?? ""
        switch timing {
        case .onTime: return "the \(clock) dose, on time now"
        case let .early(minutes): return "the \(clock) dose, given early now (\(minutes) min)"
        case let .late(minutes): return "the \(clock) dose, given late now (\(minutes) min)"
        }
    }
}
