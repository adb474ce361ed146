/// The seven physiological parameters NEWS2 scores, in the RCP chart's order.
public enum NEWS2Parameter: String, CaseIterable, Sendable, Hashable {
    case respirationRate, oxygenSaturation, airOrOxygen, systolicBloodPressure, pulse, consciousness, temperature

    /// The short name a nurse reads ("NEWS2 incomplete: no RR").
    public var abbreviation: String {
        switch self {
        case .respirationRate: "RR"
        case .oxygenSaturation: "SpO2"
        case .airOrOxygen: "air/O2"
        case .systolicBloodPressure: "SBP"
        case .pulse: "HR"
        case .consciousness: "ACVPU"
        case .temperature: "T"
        }
    }
}
