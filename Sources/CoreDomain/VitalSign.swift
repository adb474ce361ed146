/// The vital signs the workstation charts and trends, with their LOINC codes and UCUM units.
public enum VitalSign: String, Sendable, Hashable, CaseIterable {
    case heartRate, bloodPressure, systolic, diastolic, temperature
    case respiratoryRate, oxygenSaturation, weight, height, bmi
    /// 0-10 numeric rating, charted with the vital signs at the bedside round.
    case painScore

    /// The primary LOINC code recorded for this sign.
    public var loinc: String {
        switch self {
        case .heartRate: "8867-4"
        case .bloodPressure: "85354-9"
        case .systolic: "8480-6"
        case .diastolic: "8462-4"
        case .temperature: "8310-5"
        case .respiratoryRate: "9279-1"
        case .oxygenSaturation: "59408-5"
        case .weight: "29463-7"
        case .height: "8302-2"
        case .bmi: "39156-5"
        case .painScore: "72514-3"
        }
    }

    /// Every LOINC code accepted as this sign (SpO2 is recorded under two).
    public var loincCodes: Set<String> {
        switch self {
        case .oxygenSaturation: ["59408-5", "2708-6"]
        default: [loinc]
        }
    }

    /// The UCUM unit code the vital-signs profile requires; nil for the BP panel, whose parts carry units.
    public var ucum: String? {
        switch self {
        case .heartRate, .respiratoryRate: "/min"
        case .bloodPressure: nil
        case .systolic, .diastolic: "mm[Hg]"
        case .temperature: "Cel"
        case .oxygenSaturation: "%"
        case .weight: "kg"
        case .height: "cm"
        case .bmi: "kg/m2"
        case .painScore: "{score}"
        }
    }

    /// The short label a nurse reads in a table header.
    public var abbreviation: String {
        switch self {
        case .heartRate: "HR"
        case .bloodPressure: "BP"
        case .systolic: "SBP"
        case .diastolic: "DBP"
        case .temperature: "T"
        case .respiratoryRate: "RR"
        case .oxygenSaturation: "SpO2"
        case .weight: "Wt"
        case .height: "Ht"
        case .bmi: "BMI"
        case .painScore: "Pain"
        }
    }

    /// The sign recorded under `code`, if any.
    public init?(loinc code: String) {
        guard let sign = Self.byCode[code] else { return nil }
        self = sign
    }

    private static let byCode: [String: VitalSign] = {
        var table: [String: VitalSign] = [:]
        for sign in VitalSign.allCases {
            for code in sign.loincCodes { table[code] = sign }
        }
        return table
    }()
}

extension Observation {
    /// The vital sign this observation records, by its LOINC code.
    public var vitalSign: VitalSign? {
        code.codings.lazy
            .filter { $0.system == CodeSystem.loinc }
            .compactMap { $0.code.flatMap(VitalSign.init(loinc:)) }
            .first
    }
}
