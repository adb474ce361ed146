import Foundation

/// A patient's newest NEWS2 score as the patient list shows and orders it: the total, the
/// band, when the round was taken and when the next is due by the band's minimum monitoring.
public struct EarlyWarning: Hashable, Sendable {
    /// The NEWS2 clinical risk bands, lowest first.
    public enum Band: Int, Sendable, Hashable, Comparable, CaseIterable {
        case low, lowMedium, medium, high

        public static func < (a: Band, b: Band) -> Bool { a.rawValue < b.rawValue }
    }

    /// SNOMED CT 1104051000000101, Royal College of Physicians NEWS2 total score: the code of
    /// the score Observation sent beside each round charted here.
    public static let scoreCode = "1104051000000101"

    public var total: Int
    public var band: Band
    public var taken: Date
    /// Nil when monitoring should be continuous (high band).
    public var nextDue: Date?

    /// The ward's observation interval: the longest any patient goes between rounds, NEWS2's
    /// 12-hourly minimum at a score of 0 (RCP, 2017). A score older than this is not the
    /// patient's present state, whatever its band: the list marks it stale.
    public static let observationInterval: TimeInterval = 12 * 3600

    /// Taken longer ago than the ward's observation interval.
    public func isStale(at now: Date) -> Bool { now.timeIntervalSince(taken) > Self.observationInterval }

    public init(total: Int, band: Band, taken: Date, nextDue: Date?) {
        self.total = total
        self.band = band
        self.taken = taken
        self.nextDue = nextDue
    }
}
