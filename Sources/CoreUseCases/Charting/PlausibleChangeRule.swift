import CoreDomain
import Foundation

/// A value charted now that differs from the patient's last one by more than a body can
/// change in the time between: most often a slip (a weight of 1 kg after 100.3 kg), so the
/// confirm step asks about it by name. The absolute ranges still refuse what no one can have.
///
/// | sign | plausible change | within |
/// |---|---|---|
/// | weight | 10% of the last value | 7 days |
public enum PlausibleChangeRule {
    /// A value and the last one it differs from too much.
    public struct Doubt: Hashable, Sendable {
        public var reading: VitalReading
        public var previous: VitalReading
        /// How the sign is named in the question ("weight").
        public var name: String
    }

    static let limits: [VitalSign: (fraction: Decimal, within: TimeInterval, name: String)] = [
        .weight: (Decimal(string: "0.1") ?? 0, 7 * 86_400, "weight"),
    ]

    /// The readings in `readings` that differ too much from `previous(sign)`.
    public static func doubts(_ readings: [VitalReading], previous: (VitalSign) -> VitalReading?) -> [Doubt] {
        readings.compactMap { reading in
            guard let limit = limits[reading.sign], let last = previous(reading.sign),
                  reading.effective.timeIntervalSince(last.effective) <= limit.within,
                  case let .single(now) = reading.value, case let .single(then) = last.value, then.value > 0
            else { return nil }
            let change = abs(now.value - then.value)
            return change > then.value * limit.fraction ? Doubt(reading: reading, previous: last, name: limit.name) : nil
        }
    }
}
