import CoreDomain
import Foundation

/// A vitals entry that passed the form's rules, as the confirm step shows it: every value
/// judged against the normal ranges the chart will judge it by, so the markers a nurse
/// confirms are the ones the chart will show.
public struct VitalsReview: Hashable, Sendable {
    public var entry: VitalsEntry
    /// One reading per value entered, in chart order (blood pressure as one).
    public var readings: [VitalReading]
    /// The temperature as typed, when it was typed in °F (`entry` holds it in °C).
    public var typedFahrenheit: Decimal?
    /// Values too far from the patient's last ones to pass unasked (see `PlausibleChangeRule`).
    public var doubts: [PlausibleChangeRule.Doubt] = []
    /// The entry's own NEWS2: a score when it holds all seven parameters, else what is missing.
    public var news2: NEWS2Outcome

    public init(entry: VitalsEntry, typedFahrenheit: Decimal? = nil, age: Int? = nil, scale2: Bool = false) {
        self.entry = entry
        self.typedFahrenheit = typedFahrenheit
        readings = Self.readings(of: entry)
        news2 = NEWS2Rule.score(Self.news2Input(entry), scale2: scale2, age: age)
    }

    /// One entry is one round by one nurse at one time.
    static func news2Input(_ entry: VitalsEntry) -> NEWS2Input {
        func taken<Value>(_ value: Value?) -> NEWS2Input.Taken<Value>? { value.map { .init($0, at: entry.effective) } }
        let onOxygen: Bool? = switch entry.oxygen {
        case .roomAir?: false
        case .supplemental?: true
        case nil: nil
        }
        return NEWS2Input(
            respirationRate: taken(entry.respiratoryRate), oxygenSaturation: taken(entry.oxygenSaturation), onOxygen: taken(onOxygen),
            systolic: taken(entry.systolic), pulse: taken(entry.heartRate), consciousness: taken(entry.consciousness),
            temperature: taken(entry.temperature))
    }

    /// The values outside the normal range: the confirm step lists them, and saving is the
    /// explicit confirm that they are right.
    public var abnormal: [VitalReading] { readings.filter(\.flag.isAbnormal) }

    private static func readings(of entry: VitalsEntry) -> [VitalReading] {
        func reading(_ sign: VitalSign, _ value: Decimal?) -> VitalReading? {
            value.map { value in
                let quantity = Self.quantity(value, sign)
                return VitalReading(sign: sign, effective: entry.effective, value: .single(quantity), flag: flag(quantity, sign), observationIDs: [],
                                    oxygen: sign == .oxygenSaturation ? entry.oxygen : nil)
            }
        }
        var readings = [reading(.heartRate, entry.heartRate)]
        if let systolic = entry.systolic, let diastolic = entry.diastolic {
            let halves = (quantity(systolic, .systolic), quantity(diastolic, .diastolic))
            readings.append(VitalReading(
                sign: .bloodPressure, effective: entry.effective, value: .bloodPressure(systolic: halves.0, diastolic: halves.1),
                flag: AbnormalFlag.worst([flag(halves.0, .systolic), flag(halves.1, .diastolic)]), observationIDs: []))
        }
        readings += [
            reading(.temperature, entry.temperature), reading(.respiratoryRate, entry.respiratoryRate),
            reading(.oxygenSaturation, entry.oxygenSaturation), reading(.weight, entry.weight),
            reading(.painScore, entry.painScore.map { Decimal($0) }),
        ]
        return readings.compactMap { $0 }
    }

    private static func quantity(_ value: Decimal, _ sign: VitalSign) -> Quantity {
        Quantity(value: value, ucumCode: sign.ucum)
    }

    private static func flag(_ quantity: Quantity, _ sign: VitalSign) -> AbnormalFlag {
        AbnormalFlagRule.flag(interpretation: [], value: quantity, ranges: [], limits: VitalSignLimits.limits(for: sign))
    }
}
