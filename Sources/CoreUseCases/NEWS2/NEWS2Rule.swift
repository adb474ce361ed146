import CoreDomain
import Foundation

/// The National Early Warning Score 2 (Royal College of Physicians, 2017), exactly as its chart
/// bands each parameter. A score is given only for a complete round: all seven parameters,
/// taken within 30 minutes of each other by one source; never from a partial set. It is not
/// used under 16 or in pregnancy. It supports clinical judgement; it does not replace it.
///
/// Values are banded as the chart records them: rates, saturation and pressure as whole
/// numbers and temperature to one decimal, rounded half up first (RR 11.5 is 12, T 35.05 is 35.1).
public enum NEWS2Rule {
    /// How far apart a round's observations may be.
    public static let roundSpan: TimeInterval = 30 * 60
    public static let minimumAge = 16

    /// `scale2`: a clinician prescribed an SpO2 target of 88-92% (hypercapnic respiratory
    /// failure); otherwise Scale 1. `age` in whole years, when known.
    public static func score(_ input: NEWS2Input, scale2: Bool = false, age: Int? = nil, isPregnant: Bool = false) -> NEWS2Outcome {
        if let age, age < minimumAge { return .notApplicable("age \(age)") }
        if isPregnant { return .notApplicable("pregnant") }
        let missing = input.missing
        guard missing.isEmpty,
              let rate = input.respirationRate?.value, let saturation = input.oxygenSaturation?.value,
              let onOxygen = input.onOxygen?.value, let systolic = input.systolic?.value, let pulse = input.pulse?.value,
              let consciousness = input.consciousness?.value, let temperature = input.temperature?.value
        else { return .incomplete(missing: missing, reason: "no " + missing.map(\.abbreviation).joined(separator: ", ")) }
        let taken = input.times.values
        let times = taken.map(\.time)
        if let first = times.min(), let last = times.max(), last.timeIntervalSince(first) > roundSpan {
            return .incomplete(missing: [], reason: "taken over \(Int((last.timeIntervalSince(first) / 60).rounded(.up))) min, not within 30")
        }
        if Set(taken.map(\.source)).count > 1 {
            return .incomplete(missing: [], reason: "taken by more than one person")
        }
        return .scored(NEWS2Score(points: [
            .respirationRate: respirationRate(rate),
            .oxygenSaturation: scale2 ? saturationScale2(saturation, onOxygen: onOxygen) : saturationScale1(saturation),
            .airOrOxygen: onOxygen ? 2 : 0,
            .systolicBloodPressure: systolicPressure(systolic),
            .pulse: pulseRate(pulse),
            .consciousness: consciousness == .alert ? 0 : 3,
            .temperature: temperaturePoints(temperature),
        ], scale: scale2 ? 2 : 1))
    }

    static func respirationRate(_ value: Decimal) -> Int {
        switch whole(value) {
        case ...8: 3
        case 9...11: 1
        case 12...20: 0
        case 21...24: 2
        default: 3
        }
    }

    static func saturationScale1(_ value: Decimal) -> Int {
        switch whole(value) {
        case ...91: 3
        case 92...93: 2
        case 94...95: 1
        default: 0
        }
    }

    static func saturationScale2(_ value: Decimal, onOxygen: Bool) -> Int {
        let saturation = whole(value)
        switch saturation {
        case ...83: return 3
        case 84...85: return 2
        case 86...87: return 1
        case 88...92: return 0
        default:
            guard onOxygen else { return 0 }
            switch saturation {
            case 93...94: return 1
            case 95...96: return 2
            default: return 3
            }
        }
    }

    static func systolicPressure(_ value: Decimal) -> Int {
        switch whole(value) {
        case ...90: 3
        case 91...100: 2
        case 101...110: 1
        case 111...219: 0
        default: 3
        }
    }

    static func pulseRate(_ value: Decimal) -> Int {
        switch whole(value) {
        case ...40: 3
        case 41...50: 1
        case 51...90: 0
        case 91...110: 1
        case 111...130: 2
        default: 3
        }
    }

    /// In tenths of a degree, so the chart's one-decimal edges compare exactly.
    static func temperaturePoints(_ value: Decimal) -> Int {
        switch rounded(value * 10, places: 0) {
        case ...350: 3
        case 351...360: 1
        case 361...380: 0
        case 381...390: 1
        default: 2
        }
    }

    private static func whole(_ value: Decimal) -> Int { rounded(value, places: 0) }

    private static func rounded(_ value: Decimal, places: Int) -> Int {
        var source = value, result = Decimal()
        NSDecimalRound(&result, &source, places, .plain)
        return NSDecimalNumber(decimal: result).intValue
    }
}
