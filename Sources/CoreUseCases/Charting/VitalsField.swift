/// The fields of the vitals entry form, in the order Tab moves through them. Only `time`
/// has a default (now); every other field may stay empty, meaning "not measured".
public enum VitalsField: String, CaseIterable, Hashable, Sendable {
    case time, heartRate, systolic, diastolic, temperature, respiratoryRate, oxygenSaturation
    /// Room air or supplemental oxygen: a choice, not typed text.
    case oxygen
    /// On O2 only (`isAskedOnOxygenOnly`): the device (a choice), its flow, and FiO2.
    case oxygenDevice, oxygenFlow, oxygenFraction
    case weight, painScore
    /// ACVPU, typed as its letter: a NEWS2 parameter (last, so a round typed without it keeps
    /// its Tab order).
    case consciousness

    /// Asked only when oxygen is set to O2: on room air the form neither shows nor checks them.
    public var isAskedOnOxygenOnly: Bool {
        self == .oxygenDevice || self == .oxygenFlow || self == .oxygenFraction
    }
}

/// Why a typed value was refused: one line naming the field and what it accepts, in a
/// nurse's terms. Carries only the rule, never the typed text.
public struct VitalsRefusal: Error, Hashable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
