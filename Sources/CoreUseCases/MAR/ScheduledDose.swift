import CoreDomain
import Foundation

/// One dose of one order at one time on the MAR, with what was recorded for it.
public struct ScheduledDose: Hashable, Sendable {
    public var request: MedicationRequest
    public var time: Date
    /// The administration recorded for this dose, if any.
    public var administration: MedicationAdministration?
    /// How `administration` came to stand here: the record names this dose, or names none
    /// (another system's) and was placed by its time. Nil when nothing was recorded.
    public var match: DoseMatch?
    /// Further records naming this same dose (a second dose confirmed): shown with it, never
    /// moved to another dose.
    public var alsoRecorded: [MedicationAdministration] = []
    /// The order's next scheduled dose: once its window opens, this one is missed, no longer
    /// late (giving it then would be a second dose).
    public var next: Date?
    /// A dose of an as-needed (PRN) order, given when the patient needs it: `time` is when it
    /// was asked for, never a time it fell due.
    public var isAsNeeded: Bool

    public init(
        request: MedicationRequest, time: Date, administration: MedicationAdministration? = nil, next: Date? = nil, isAsNeeded: Bool = false
    ) {
        self.request = request
        self.time = time
        self.administration = administration
        self.next = next
        self.isAsNeeded = isAsNeeded
    }

    /// Where what was recorded for this dose was given against its time: on time, or early or
    /// late by minutes (`given 461 min late`); nil when nothing was recorded.
    public func recordedTiming(window: TimeInterval) -> DoseRecordingRule.Timing? {
        administration.map { DoseRecordingRule.timing(of: self, givenAt: $0.effective, window: window) }
    }

    /// Where the dose stands at `now`, with the ward's window before and after its time.
    public func status(at now: Date, window: TimeInterval) -> DoseStatus {
        if let administration {
            switch administration.status {
            case .completed: return .given(at: administration.effective, by: administration.performer)
            case .notDone: return .notGiven(reason: administration.reason)
            case .onHold: return .held(reason: administration.reason)
            case .inProgress: return .running(since: administration.effective)
            case .stopped: return .stopped(reason: administration.reason)
            case .unknown: return .recordedUnknown
            case .enteredInError: break
            }
        }
        return OpenDoses.Dose(time: time, next: next).status(at: now, window: window)
    }
}

extension OpenDoses.Dose {
    /// Where a dose nothing was recorded for stands at `now`: the MAR's and the list row's rule.
    public func status(at now: Date, window: TimeInterval) -> DoseStatus {
        if now < time.addingTimeInterval(-window) { return .upcoming }
        if now <= time.addingTimeInterval(window) { return .due }
        if let next, now >= next.addingTimeInterval(-window) { return .missed }
        return .late
    }
}

/// How a record came to stand beside a scheduled dose on the MAR.
public enum DoseMatch: Hashable, Sendable {
    /// The record names this dose (`MedicationAdministration.scheduledTime`).
    case named
    /// The record names no dose the schedule has: placed on the nearest one whose window had
    /// opened when it was given, within 12 hours. The MAR says so; it never moves one silently.
    case nearest
}

/// A scheduled dose's state on the MAR.
public enum DoseStatus: Hashable, Sendable {
    /// Before its window opens.
    case upcoming
    /// Within the window before or after its time.
    case due
    /// Past the window and not recorded, before the order's next dose comes due.
    case late
    /// Not recorded, and the order's next dose has come due: not to be given now.
    case missed
    case given(at: Date, by: String?)
    case notGiven(reason: String?)
    case held(reason: String?)
    /// Recorded as still being given (an infusion running).
    case running(since: Date)
    /// Recorded as started, then stopped before it was all given.
    case stopped(reason: String?)
    /// Recorded with a status the source does not know: to be checked, never taken as given.
    case recordedUnknown

    /// Needs the nurse now: due or late.
    public var isOutstanding: Bool { self == .due || self == .late }
}
