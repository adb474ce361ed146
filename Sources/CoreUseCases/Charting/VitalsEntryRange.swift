import CoreDomain
import Foundation

/// What the vitals entry form accepts at all. A value outside these ranges is not a sick
/// patient but a slip (a digit too many, a value in the wrong field) and is refused with the
/// range in the message; a value inside them but outside the normal band (`VitalSignLimits`)
/// is accepted after an explicit confirm. This is the one table of entry ranges; change it here only.
///
/// Choices: diastolic stops at 180 mm[Hg] (above any recorded hypertensive crisis, and low
/// enough that 300/200 is caught as a slip); O2 flow depends on the device (`flowRange(for:)`):
/// a nasal cannula up to 6 L/min (more only dries and hurts the nose, the usual ward limit),
/// masks up to 15 L/min (what a ward flowmeter gives), high-flow nasal up to 60 L/min (the
/// devices' maximum), each from 0.5; FiO2 21-100 % (air to pure oxygen), a whole percent;
/// weight 0.3-500 kg spans the smallest neonate to bariatric scales; counts are whole numbers.
public struct VitalsEntryRange: Hashable, Sendable {
    /// The field's name in messages ("heart rate must be 20-300 /min").
    public let name: String
    public let low: Decimal
    public let high: Decimal
    /// The unit as a nurse reads it, beside the field and in messages; empty for the pain score.
    public let unit: String
    /// Decimals a typed value may have: 0 for counts and scores.
    public let fractionDigits: Int

    /// A time more than this far ahead of the clock is refused: only a few minutes of clock drift.
    public static let futureTolerance: TimeInterval = 5 * 60
    /// A time further back than this is refused: a round charted this late is a late entry,
    /// made through the record's own process, not at the bedside.
    public static let pastLimit: TimeInterval = 24 * 3600

    /// The range of a typed numeric field; nil for `time`, `oxygen` and `oxygenDevice`. For
    /// `oxygenFlow`, the widest any device takes: the flow typed is judged by `flowRange(for:)`.
    public static func range(for field: VitalsField) -> VitalsEntryRange? {
        table[field]
    }

    /// The O2 flow a device takes ("O2 flow by nasal cannula must be 0.5-6 L/min").
    public static func flowRange(for device: OxygenDevice) -> VitalsEntryRange {
        let high: Decimal = switch device {
        case .nasalCannula: 6
        case .simpleMask, .venturiMask, .nonRebreather: 15
        case .highFlowNasal: 60
        }
        return .init(name: "O2 flow by \(device.name)", low: minimumFlow, high: high, unit: "L/min", fractionDigits: 1)
    }

    private static let minimumFlow = Decimal(string: "0.5")!

    private static let table: [VitalsField: VitalsEntryRange] = [
        .heartRate: .init(name: "heart rate", low: 20, high: 300, unit: "/min", fractionDigits: 0),
        .systolic: .init(name: "systolic", low: 40, high: 300, unit: "mmHg", fractionDigits: 0),
        .diastolic: .init(name: "diastolic", low: 20, high: 180, unit: "mmHg", fractionDigits: 0),
        .temperature: .init(name: "temperature", low: 25, high: 45, unit: "°C", fractionDigits: 1),
        .respiratoryRate: .init(name: "respiratory rate", low: 3, high: 80, unit: "/min", fractionDigits: 0),
        .oxygenSaturation: .init(name: "SpO2", low: 50, high: 100, unit: "%", fractionDigits: 0),
        .oxygenFlow: .init(name: "O2 flow", low: minimumFlow, high: 60, unit: "L/min", fractionDigits: 1),
        .oxygenFraction: .init(name: "FiO2", low: 21, high: 100, unit: "%", fractionDigits: 0),
        .weight: .init(name: "weight", low: Decimal(string: "0.3")!, high: 500, unit: "kg", fractionDigits: 3),
        .painScore: .init(name: "pain score", low: 0, high: 10, unit: "", fractionDigits: 0),
    ]

    public func contains(_ value: Decimal) -> Bool {
        value >= low && value <= high
    }

    /// "20-300 /min"; for temperature also the °F equivalent, since °F may be typed.
    public var rangeText: String {
        let text = "\(low)-\(high)" + (unit.isEmpty ? "" : " \(unit)")
        guard unit == "°C" else { return text }
        return text + " (\(Self.fahrenheit(low))-\(Self.fahrenheit(high)) °F)"
    }

    /// "heart rate must be 20-300 /min": out of range.
    public var outOfRange: VitalsRefusal { VitalsRefusal("\(name) must be \(rangeText)") }

    /// Not a number, or more decimals than the field takes.
    public var notANumber: VitalsRefusal {
        switch fractionDigits {
        case 0: VitalsRefusal("\(name) must be a whole number, \(rangeText)")
        case 1: VitalsRefusal("\(name) must be a number with at most 1 decimal, \(rangeText)")
        default: VitalsRefusal("\(name) must be a number with at most \(fractionDigits) decimals, \(rangeText)")
        }
    }

    private static func fahrenheit(_ celsius: Decimal) -> Decimal {
        celsius * 9 / 5 + 32
    }
}
