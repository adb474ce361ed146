import CoreDomain

/// What a ward wants charted before a dose, by the LOINC codes it is charted under (a vital
/// sign, or a laboratory or point-of-care result), and the names a config line may call it.
public enum PreDoseMeasure: String, Hashable, Sendable, CaseIterable {
    case heartRate = "heart rate", systolicBP = "systolic BP", glucose, inr = "INR", potassium
    case respiratoryRate = "respiratory rate", oxygenSaturation = "SpO2", temperature

    /// The codes a value of it is charted under, on its own.
    public var loincCodes: Set<String> {
        switch self {
        case .heartRate: VitalSign.heartRate.loincCodes
        case .systolicBP: VitalSign.systolic.loincCodes
        // Blood, serum or plasma, capillary by meter; by mass and by moles.
        case .glucose: ["2339-0", "2345-7", "41653-7", "32016-8", "15074-8", "14749-6", "14743-9"]
        // Platelet-poor plasma, blood, capillary blood.
        case .inr: ["6301-6", "34714-6", "46418-0", "38875-1"]
        case .potassium: ["2823-3", "6298-4", "32713-0"]
        case .respiratoryRate: VitalSign.respiratoryRate.loincCodes
        case .oxygenSaturation: VitalSign.oxygenSaturation.loincCodes
        case .temperature: VitalSign.temperature.loincCodes
        }
    }

    /// The panel it is also charted inside, as a component (systolic in the blood-pressure panel).
    public var panel: String? { self == .systolicBP ? VitalSign.bloodPressure.loinc : nil }

    /// The measure a config line names, case aside: its name or a usual short one (`HR`,
    /// `pulse`, `SBP`, `blood glucose`, `BG`, `K`, `RR`, `temp`).
    public init?(named text: String) {
        let key = text.lowercased().split(separator: " ").joined(separator: " ")
        let aliases: [String: PreDoseMeasure] = [
            "hr": .heartRate, "pulse": .heartRate, "sbp": .systolicBP, "systolic blood pressure": .systolicBP, "blood pressure": .systolicBP,
            "bp": .systolicBP, "blood glucose": .glucose, "bg": .glucose, "k": .potassium, "rr": .respiratoryRate, "temp": .temperature,
        ]
        guard let measure = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) ?? aliases[key] else { return nil }
        self = measure
    }
}
