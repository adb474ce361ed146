import CoreDomain
import Foundation

/// A UCUM quantity as the vital-signs profile wants it: value, a readable unit, the UCUM
/// system and code.
struct UCUMQuantity {
    var value: Decimal
    var code: String
    var unit: String

    var json: JSONValue {
        .fields([
            ("value", .number(value.description)), ("unit", .string(unit)),
            ("system", .string(CodeSystem.ucum)), ("code", .string(code)),
        ])
    }
}

/// What one Observation of a vitals entry says, before it becomes JSON.
struct VitalsReading {
    struct Component {
        enum Value {
            case quantity(UCUMQuantity)
            case string(String)
        }

        var code: String
        var value: Value

        /// `valueQuantity` or `valueString`, as FHIR names the member.
        var valueMember: (String, JSONValue) {
            switch value {
            case let .quantity(quantity): ("valueQuantity", quantity.json)
            case let .string(text): ("valueString", .string(text))
            }
        }
    }

    var codes: [String]
    var value: UCUMQuantity?
    var components: [Component] = []
    /// The R4 profile for this sign, beside the generic vital-signs one.
    var profile: String?
    var claimsVitalSigns = true
    var note: String?
    /// Codings beside the LOINC ones (SNOMED CT for ACVPU).
    var extraCodings: [JSONValue] = []
    /// A coded value (`valueCodeableConcept`) instead of a quantity.
    var concept: JSONValue?
}

/// The readings of a `VitalsEntry`, one per value entered, in chart order.
enum VitalsReadings {
    static let inhaledOxygenFlow = "3151-8"
    static let inhaledOxygenConcentration = "3150-0"
    static let oxygenDeliveryMethod = "107117-4"
    static let profileBase = "http://hl7.org/fhir/StructureDefinition/"

    static func readings(of entry: VitalsEntry) -> [VitalsReading] {
        var readings: [VitalsReading] = []
        if let rate = entry.heartRate {
            readings.append(simple(.heartRate, rate, unit: "beats/minute", profile: "heartrate"))
        }
        if entry.systolic != nil || entry.diastolic != nil {
            var components: [VitalsReading.Component] = []
            for (sign, value) in [(VitalSign.systolic, entry.systolic), (.diastolic, entry.diastolic)] {
                if let value { components.append(.init(code: sign.loinc, value: .quantity(UCUMQuantity(value: value, code: "mm[Hg]", unit: "mmHg")))) }
            }
            // The bp profile requires both parts; one alone is still sent, as a plain vital sign.
            readings.append(VitalsReading(
                codes: [VitalSign.bloodPressure.loinc], components: components,
                profile: components.count == 2 ? profileBase + "bp" : nil))
        }
        if let temperature = entry.temperature {
            readings.append(simple(.temperature, temperature, unit: "°C", profile: "bodytemp"))
        }
        if let rate = entry.respiratoryRate {
            readings.append(simple(.respiratoryRate, rate, unit: "breaths/minute", profile: "resprate"))
        }
        if let saturation = entry.oxygenSaturation { readings.append(oxygenSaturation(saturation, entry.oxygen)) }
        if let weight = entry.weight {
            readings.append(simple(.weight, weight, unit: "kg", profile: "bodyweight"))
        }
        if let pain = entry.painScore {
            var reading = simple(.painScore, Decimal(pain), unit: "score", profile: nil)
            reading.claimsVitalSigns = false
            readings.append(reading)
        }
        if let level = entry.consciousness { readings.append(consciousness(level)) }
        return readings
    }

    private static func simple(_ sign: VitalSign, _ value: Decimal, unit: String, profile: String?) -> VitalsReading {
        VitalsReading(
            codes: [sign.loinc], value: UCUMQuantity(value: value, code: sign.ucum ?? "1", unit: unit),
            profile: profile.map { profileBase + $0 })
    }

    /// LOINC 80288-4 (level of consciousness) with SNOMED CT 1104441000000107 (ACVPU scale
    /// score), the level as its SNOMED CT concept: what `NEWS2RoundBuilder` reads back.
    private static func consciousness(_ level: Consciousness) -> VitalsReading {
        var reading = VitalsReading(codes: [levelOfConsciousness])
        reading.extraCodings = [.coding(system: CodeSystem.snomed, code: Consciousness.scaleCode,
                                        display: "ACVPU (alert, new confusion, voice, pain, unresponsive) scale score")]
        reading.concept = .concept([.coding(system: CodeSystem.snomed, code: level.snomedCodes[0], display: snomedDisplays[level] ?? level.rawValue)])
        reading.claimsVitalSigns = false
        return reading
    }

    static let levelOfConsciousness = "80288-4"
    static let snomedDisplays: [Consciousness: String] = [
        .alert: "Mentally alert", .newConfusion: "Acute confusion", .voice: "Responds to voice", .pain: "Responds to pain",
        .unresponsive: "Unresponsive",
    ]

    private static func oxygenSaturation(_ value: Decimal, _ oxygen: VitalsEntry.Oxygen?) -> VitalsReading {
        var reading = VitalsReading(
            codes: ["2708-6", VitalSign.oxygenSaturation.loinc], value: UCUMQuantity(value: value, code: "%", unit: "%"),
            profile: profileBase + "oxygensat")
        switch oxygen {
        case .roomAir?:
            reading.note = "Room air"
        case let .supplemental(device, flow, fraction)?:
            reading.note = "Supplemental oxygen"
            if let device { reading.components.append(.init(code: oxygenDeliveryMethod, value: .string(device.code))) }
            if let flow {
                reading.components.append(.init(code: inhaledOxygenFlow, value: .quantity(UCUMQuantity(value: flow, code: "L/min", unit: "L/min"))))
            }
            if let fraction {
                reading.components.append(.init(code: inhaledOxygenConcentration, value: .quantity(UCUMQuantity(value: fraction, code: "%", unit: "%"))))
            }
        case nil:
            break
        }
        return reading
    }
}

/// The LOINC codes the workstation charts, with the display names LOINC gives them.
enum LOINC {
    static let displays: [String: String] = [
        "8867-4": "Heart rate",
        "85354-9": "Blood pressure panel with all children optional",
        "8480-6": "Systolic blood pressure",
        "8462-4": "Diastolic blood pressure",
        "8310-5": "Body temperature",
        "9279-1": "Respiratory rate",
        "2708-6": "Oxygen saturation in Arterial blood",
        "59408-5": "Oxygen saturation in Arterial blood by Pulse oximetry",
        "3151-8": "Inhaled oxygen flow rate",
        "3150-0": "Inhaled oxygen concentration",
        "107117-4": "Method of oxygen delivery",
        "29463-7": "Body weight",
        "72514-3": "Pain severity - 0-10 verbal numeric rating [Score] - Reported",
        "80288-4": "Level of consciousness",
    ]

    static func coding(_ code: String) -> JSONValue {
        .coding(system: CodeSystem.loinc, code: code, display: displays[code] ?? code)
    }
}
