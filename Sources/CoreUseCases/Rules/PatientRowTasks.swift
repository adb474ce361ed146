import CoreDomain
import Foundation

/// What a patient-list row says needs doing at `now`, from the row alone (no chart is read):
/// observations due or late by NEWS2's minimum monitoring after the newest complete round (a
/// high score's continuous monitoring by an hourly round at least, so one whose obs stopped
/// says so), and a dose on the MAR due or late. Worked out at each drawing, so the marks follow
/// the clock.
public struct PatientRowTasks: Hashable, Sendable {
    public enum Urgency: Int, Hashable, Sendable, Comparable {
        case due, late

        public static func < (a: Urgency, b: Urgency) -> Bool { a.rawValue < b.rawValue }
    }

    /// Nil when no round is due yet or when no round was scored.
    public var observations: Urgency?
    /// Nil when no dose is due or late, or the row does not know (see `doseUnknown`).
    public var dose: Urgency?
    /// The doses kept with the row were worked out for a span that has ended: only the MAR can
    /// say. (A row stored before rows kept doses says nothing.)
    public var doseUnknown = false

    /// How long before a round's time it reads due.
    public static let observationLead: TimeInterval = 15 * 60

    /// The longest a high score's continuous monitoring goes without a round on the record:
    /// the hourly minimum of the band below it. A high score charted hours ago was read as
    /// being watched (it never read `O`) when nothing had been charted since.
    public static let highScoreRoundInterval: TimeInterval = 3600

    public init(observations: Urgency? = nil, dose: Urgency? = nil, doseUnknown: Bool = false) {
        self.observations = observations
        self.dose = dose
        self.doseUnknown = doseUnknown
    }

    public init(_ entry: PatientListEntry, at now: Date) {
        let warning = entry.earlyWarning
        if let next = warning?.nextDue ?? warning.flatMap({ $0.band == .high ? $0.taken.addingTimeInterval(Self.highScoreRoundInterval) : nil }) {
            if now > next {
                observations = .late
            } else if now >= next.addingTimeInterval(-Self.observationLead) {
                observations = .due
            }
        }
        guard let open = entry.openDoses else { return }
        guard now <= open.until else {
            doseUnknown = true
            return
        }
        dose = open.doses.lazy.compactMap { dose -> Urgency? in
            switch dose.status(at: now, window: open.window) {
            case .due: .due
            case .late: .late
            default: nil
            }
        }.max()
    }

    public var isEmpty: Bool { observations == nil && dose == nil && !doseUnknown }
}
