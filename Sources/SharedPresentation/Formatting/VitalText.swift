import CoreDomain
import CoreUseCases

/// A vital sign reading in pieces, so a renderer can lay them out in columns or inline
/// (`T 38.4 H °C`, `BP 148/92 H mmHg`). The marker is a letter, never only a color.
public struct VitalTextParts: Hashable, Sendable {
    /// The sign's short name: HR, BP, T, RR, SpO2...
    public var label: String
    /// The value in ISMP style; blood pressure as `systolic/diastolic`, a missing half as `--`.
    public var value: String
    /// H, L, H!, L!, ! or empty (see `AbnormalFlag.marker`).
    public var marker: String
    /// Display unit, nil when the reading has none.
    public var unit: String?
    /// How SpO2 was taken: "on room air", "on O2 nasal cannula 2 L/min"; nil when not said.
    public var oxygen: String?

    public init(label: String, value: String, marker: String, unit: String?, oxygen: String? = nil) {
        self.label = label
        self.value = value
        self.marker = marker
        self.unit = unit
        self.oxygen = oxygen
    }

    /// `112 H`, `148/92 H`, `36.8`: value and marker, for table cells.
    public var valueWithMarker: String {
        marker.isEmpty ? value : "\(value) \(marker)"
    }

    /// `HR 112 H /min`, `SpO2 94 L % on O2 2 L/min`: every part, in reading order.
    public var text: String {
        [label, valueWithMarker, unit, oxygen].compactMap { $0 }.joined(separator: " ")
    }
}

public enum VitalText {
    public static func parts(_ reading: VitalReading, unicode: Bool) -> VitalTextParts {
        let value: String
        let unitSource: Quantity?
        switch reading.value {
        case .single(let quantity):
            value = number(quantity, reading.sign)
            unitSource = quantity
        case .bloodPressure(let systolic, let diastolic):
            value = "\(systolic.map { number($0, .systolic) } ?? "--")/\(diastolic.map { number($0, .diastolic) } ?? "--")"
            unitSource = systolic ?? diastolic
        }
        // A pain score is a 0-10 rating whatever unit code it came with: "/10" says so.
        let unit = reading.sign == .painScore ? "/10" : unitSource.flatMap { UnitText.display($0, unicode: unicode) }
        return VitalTextParts(label: reading.sign.abbreviation, value: value, marker: reading.flag.marker, unit: unit,
                              oxygen: reading.oxygen.map(oxygenText))
    }

    /// "on room air", "on O2 2 L/min", "on O2 high-flow 40 L/min FiO2 60 %": how SpO2 was
    /// measured, each part only when the record says it.
    public static func oxygenText(_ oxygen: VitalsEntry.Oxygen) -> String {
        switch oxygen {
        case .roomAir:
            return "on room air"
        case let .supplemental(device, flow, fraction):
            let parts = ["on O2", device?.name, flow.map { "\(DecimalText.format($0)) L/min" }, fraction.map { "FiO2 \(DecimalText.format($0)) %" }]
            return parts.compactMap { $0 }.joined(separator: " ")
        }
    }

    /// "on O2 high-flow 40 L/min FiO2 60 %" when `reading` was taken on oxygen, else nil: what
    /// the Summary, the trend and the chosen round add to an SpO2 whose cell says only `O2`.
    public static func supplementalText(_ reading: VitalReading?) -> String? {
        guard let oxygen = reading?.oxygen, case .supplemental = oxygen else { return nil }
        return oxygenText(oxygen)
    }

    /// At the precision the sign is charted in (float noise and spurious digits rounded away).
    private static func number(_ quantity: Quantity, _ sign: VitalSign) -> String {
        (quantity.comparator ?? "") + DecimalText.measured(quantity.value, places: places(sign))
    }

    /// Whole numbers for rates, pressures, saturation and pain; tenths for temperature and body measures.
    static func places(_ sign: VitalSign) -> Int {
        switch sign {
        case .temperature, .weight, .height, .bmi: 1
        case .heartRate, .bloodPressure, .systolic, .diastolic, .respiratoryRate, .oxygenSaturation, .painScore: 0
        }
    }
}
