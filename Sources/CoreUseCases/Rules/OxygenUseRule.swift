import CoreDomain
import Foundation

/// Whether an observation says the patient was on room air or supplemental oxygen (with the
/// device, flow and FiO2 when given), as servers and this workstation record it:
/// - on an SpO2 Observation: an inhaled oxygen flow component (LOINC 3151-8) above 0, an
///   inspired oxygen fraction (3150-0) above 21 %, or a device named in a 107117-4 "Method of
///   oxygen delivery" component is oxygen; else its note "Supplemental oxygen" or "Room air"
///   (what this workstation writes) says which;
/// - on its own: a 3151-8 flow (above 0 oxygen, 0 air), a 3150-0 fraction (above 21 % oxygen),
///   or SNOMED CT 722742002 "Breathing room air" as code or value; its 107117-4 component, and
///   the other of flow and fraction as a component, complete it.
/// A fraction sent as a ratio (0.21-1) is read as the percentage it is. Nil when the
/// observation does not say.
public enum OxygenUseRule {
    static let oxygenFlow = "3151-8"
    static let oxygenFraction = "3150-0"
    static let deliveryMethod = "107117-4"
    static let roomAir = "722742002"

    public static func oxygen(_ observation: Observation) -> VitalsEntry.Oxygen? {
        let codes = Set(observation.code.codings.compactMap(\.code))
        if codes.contains(roomAir) { return .roomAir }
        if case .concept(let value)? = observation.value, value.contains(code: roomAir) { return .roomAir }
        let device = observation.components.lazy.filter { $0.code.contains(code: deliveryMethod) }.compactMap { Self.device($0.value) }.first
        var flow = component(oxygenFlow, of: observation)
        var fraction = component(oxygenFraction, of: observation).map(percent)
        if codes.contains(oxygenFlow), let value = observation.value?.quantity?.value {
            guard value > 0 else { return .roomAir }
            flow = value
        } else if codes.contains(oxygenFraction), let value = observation.value?.quantity?.value {
            guard percent(value) > 21 else { return .roomAir }
            fraction = percent(value)
        } else {
            guard observation.vitalSign == .oxygenSaturation else { return nil }
            let says = (flow ?? 0) > 0 || (fraction ?? 0) > 21 || device != nil || observation.notes.contains("Supplemental oxygen")
            guard says else { return observation.notes.contains("Room air") ? .roomAir : nil }
        }
        return .supplemental(device: device, litresPerMinute: flow, fractionPercent: fraction)
    }

    private static func component(_ loinc: String, of observation: Observation) -> Decimal? {
        observation.components.first { $0.code.contains(code: loinc) }?.value?.quantity?.value
    }

    /// FiO2 in percent: a value of at most 1 is a ratio (no one breathes 1 % oxygen).
    private static func percent(_ value: Decimal) -> Decimal {
        value <= 1 ? value * 100 : value
    }

    /// The device a 107117-4 component names, as text or as a coding's code or display.
    private static func device(_ value: Observation.Value?) -> OxygenDevice? {
        switch value {
        case let .string(text)?:
            return OxygenDevice(named: text)
        case let .concept(concept)?:
            let names = [concept.text] + concept.codings.flatMap { [$0.code, $0.display] }
            return names.lazy.compactMap { $0.flatMap(OxygenDevice.init(named:)) }.first
        default:
            return nil
        }
    }
}
