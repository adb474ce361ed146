import CoreDomain
import Foundation

/// The shortest time an as-needed (PRN) order allows between two doses, as its timing says:
/// the repeat's period over its frequency (`every 4 h` → 4 h; `3 a day` → 8 h), else a code
/// `Q4H PRN` (every n hours). Nil when the order gives none: then no second-dose guard can be
/// worked out, and none is invented.
public enum AsNeededIntervalRule {
    public static func minimumInterval(of request: MedicationRequest) -> TimeInterval? {
        if let timing = request.timing, let period = timing.period.map({ NSDecimalNumber(decimal: $0).doubleValue }), period > 0,
           let unit = timing.periodUnit.flatMap(seconds) {
            // Rounded to the second: a Decimal read as a Double can be a hair off (4 h as 14399.99… s).
            return (period * unit / Double(max(1, timing.frequency ?? 1))).rounded()
        }
        guard let code = request.timing?.code?.uppercased(), code.hasPrefix("Q") else { return nil }
        let hours = code.dropFirst().prefix { $0.isNumber }
        guard let count = Int(hours), count > 0, code.dropFirst(1 + hours.count).hasPrefix("H") else { return nil }
        return TimeInterval(count) * 3_600
    }

    /// Seconds in a UCUM-style period unit (s, min, h, d, wk); nil for one too long or unknown.
    private static func seconds(_ unit: String) -> Double? {
        switch unit {
        case "s": 1
        case "min": 60
        case "h": 3_600
        case "d": 86_400
        case "wk": 7 * 86_400
        default: nil
        }
    }
}
