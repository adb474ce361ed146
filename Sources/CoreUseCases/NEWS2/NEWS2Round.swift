import CoreDomain
import Foundation

/// One round as NEWS2 sees it: the observations one source took together, the ACVPU level and
/// air or oxygen found among them, and the outcome.
public struct NEWS2Round: Sendable, Hashable {
    /// The newest observation's time.
    public var time: Date
    public var performer: String?
    /// Every observation the round was built from: a Vitals row shows this round's outcome
    /// when it holds any of them.
    public var observationIDs: Set<String>
    public var consciousness: Consciousness?
    /// The ACVPU Observation and when it was taken: a correction of the row it was charted with
    /// marks it too.
    public var consciousnessTaken: (id: String, time: Date)? {
        get { consciousnessID.flatMap { id in consciousnessTime.map { (id, $0) } } }
        set { consciousnessID = newValue?.id; consciousnessTime = newValue?.time }
    }
    private var consciousnessID: String?
    private var consciousnessTime: Date?
    public var onOxygen: Bool?
    public var outcome: NEWS2Outcome

    public init(
        time: Date, performer: String?, observationIDs: Set<String>, consciousness: Consciousness? = nil, onOxygen: Bool? = nil,
        outcome: NEWS2Outcome
    ) {
        self.time = time
        self.performer = performer
        self.observationIDs = observationIDs
        self.consciousness = consciousness
        self.onOxygen = onOxygen
        self.outcome = outcome
    }

    /// The score as the patient list keeps it; nil for a round that was not scored.
    public var earlyWarning: EarlyWarning? {
        outcome.score.map { EarlyWarning(total: $0.total, band: $0.risk, taken: time, nextDue: nextDue) }
    }

    /// When the next round is due by the score's minimum monitoring; nil when continuous or unscored.
    public var nextDue: Date? {
        outcome.score?.monitoringInterval.map { time.addingTimeInterval($0) }
    }
}
