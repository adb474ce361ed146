import CoreDomain
import Foundation

/// One round's observations as NEWS2 needs them, each with when and by whom it was taken, so
/// completeness can be judged. A missing value is nil.
public struct NEWS2Input: Sendable, Hashable {
    /// A value with its time and source (the performer; nil when the source named nobody).
    public struct Taken<Value: Sendable & Hashable>: Sendable, Hashable {
        public var value: Value
        public var time: Date
        public var source: String?

        public init(_ value: Value, at time: Date, by source: String? = nil) {
            self.value = value
            self.time = time
            self.source = source
        }
    }

    public var respirationRate: Taken<Decimal>?
    public var oxygenSaturation: Taken<Decimal>?
    /// True on supplemental oxygen, false on room air.
    public var onOxygen: Taken<Bool>?
    public var systolic: Taken<Decimal>?
    public var pulse: Taken<Decimal>?
    public var consciousness: Taken<Consciousness>?
    public var temperature: Taken<Decimal>?

    public init(
        respirationRate: Taken<Decimal>? = nil, oxygenSaturation: Taken<Decimal>? = nil, onOxygen: Taken<Bool>? = nil,
        systolic: Taken<Decimal>? = nil, pulse: Taken<Decimal>? = nil, consciousness: Taken<Consciousness>? = nil,
        temperature: Taken<Decimal>? = nil
    ) {
        self.respirationRate = respirationRate
        self.oxygenSaturation = oxygenSaturation
        self.onOxygen = onOxygen
        self.systolic = systolic
        self.pulse = pulse
        self.consciousness = consciousness
        self.temperature = temperature
    }

    /// The parameters with no value, in chart order.
    var missing: [NEWS2Parameter] {
        NEWS2Parameter.allCases.filter { times[$0] == nil }
    }

    /// When and by whom each present parameter was taken.
    var times: [NEWS2Parameter: (time: Date, source: String?)] {
        var result: [NEWS2Parameter: (time: Date, source: String?)] = [:]
        if let respirationRate { result[.respirationRate] = (respirationRate.time, respirationRate.source) }
        if let oxygenSaturation { result[.oxygenSaturation] = (oxygenSaturation.time, oxygenSaturation.source) }
        if let onOxygen { result[.airOrOxygen] = (onOxygen.time, onOxygen.source) }
        if let systolic { result[.systolicBloodPressure] = (systolic.time, systolic.source) }
        if let pulse { result[.pulse] = (pulse.time, pulse.source) }
        if let consciousness { result[.consciousness] = (consciousness.time, consciousness.source) }
        if let temperature { result[.temperature] = (temperature.time, temperature.source) }
        return result
    }
}
