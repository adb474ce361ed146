import CoreDomain
import Foundation

/// Adult limits for judging a vital sign that arrived without a reference range, and the
/// critical limits that always apply to vital signs.
///
/// Source: a typical adult early-warning chart. Normal bands and critical (red) bands follow
/// NEWS2 (Royal College of Physicians, 2017) where it has them, rounded to the edges nurses
/// know (a systolic under 90 is always critical, so it never shows a plain L); blood pressure
/// highs follow the hypertensive-crisis thresholds (180/120 mm[Hg]). Weight, height and BMI have
/// no limits. This is the one table; change it here only.
public struct VitalSignLimits: Sendable, Hashable {
    /// The unit the limits are in: its UCUM code and other spellings of it.
    public let unitSpellings: Set<String>
    /// The normal band, both ends included; nil when that side has no limit.
    public let low: Decimal?
    public let high: Decimal?
    /// Values below / above these are critical.
    public let criticalBelow: Decimal?
    public let criticalAbove: Decimal?

    public static func limits(for sign: VitalSign) -> VitalSignLimits? {
        table[sign]
    }

    private static let perMinute: Set<String> = ["/min", "{beats}/min", "{breaths}/min", "beats/min", "breaths/min", "bpm"]
    private static let mmHg: Set<String> = ["mm[Hg]", "mmHg"]

    private static let table: [VitalSign: VitalSignLimits] = [
        .heartRate: .init(unitSpellings: perMinute, low: 50, high: 100, criticalBelow: 40, criticalAbove: 130),
        .systolic: .init(unitSpellings: mmHg, low: 90, high: 140, criticalBelow: 90, criticalAbove: 180),
        .diastolic: .init(unitSpellings: mmHg, low: 60, high: 90, criticalBelow: nil, criticalAbove: 120),
        .temperature: .init(unitSpellings: ["Cel", "°C", "degC"], low: 36.0, high: 37.9, criticalBelow: 35.0, criticalAbove: 39.0),
        .respiratoryRate: .init(unitSpellings: perMinute, low: 12, high: 20, criticalBelow: 9, criticalAbove: 24),
        .oxygenSaturation: .init(unitSpellings: ["%"], low: 94, high: nil, criticalBelow: 90, criticalAbove: nil),
    ]

    /// True when `quantity` is in these limits' unit; a quantity that names no unit is assumed to
    /// use the profile's unit.
    public func accepts(_ quantity: Quantity) -> Bool {
        if let code = quantity.ucumCode { return unitSpellings.contains(code) }
        if let unit = quantity.unit { return unitSpellings.contains(unit) }
        return true
    }

    /// How `value` compares with these limits.
    public func flag(for value: Decimal) -> AbnormalFlag {
        if let criticalBelow, value < criticalBelow { return .criticalLow }
        if let criticalAbove, value > criticalAbove { return .criticalHigh }
        if let low, value < low { return .low }
        if let high, value > high { return .high }
        return .normal
    }

    /// The critical verdict alone, for escalating a flag that came from elsewhere.
    public func criticalFlag(for value: Decimal) -> AbnormalFlag? {
        let flag = flag(for: value)
        return flag == .criticalLow || flag == .criticalHigh ? flag : nil
    }
}
