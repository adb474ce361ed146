import Foundation

/// The second-dose guard asked again when a dose is stored, against the cache as it is then:
/// the MAR a form opened on can be minutes old, and another nurse (another session, a sync)
/// may have given the same order meanwhile.
public struct DoubleDoseCheck: Hashable, Sendable {
    /// How close to another dose of the same order this one would be a second dose
    /// (`DoseRecordingRule.guardInterval`).
    public var interval: TimeInterval
    /// Earlier doses the nurse already confirmed a second dose after (their ids): not asked again.
    public var confirmed: Set<String>

    public init(interval: TimeInterval, confirmed: Set<String> = []) {
        self.interval = interval
        self.confirmed = confirmed
    }
}
