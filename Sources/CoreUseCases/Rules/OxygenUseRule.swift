import CoreDomain
import Foundation

/// Whether an observation says the patient was on room air or supplemental oxygen (with the
/// flow when given), as servers and this workstation record it:
/// - on an SpO2 Observation: an inhaled oxygen flow component (LOINC 3151-8) above 0 or an
///   inspired oxygen fraction (3150-0) above 21% is oxygen; else its note "Supplemental oxygen"
///   or "Room air" (what this workstation writes) says which;
/// - on its own: a 3151-8 flow (above 0 oxygen, 0 air), a 3150-0 fraction (above 21% oxygen),
///   or SNOMED CT 722742002 "Breathing room air" as code or value.
/// Nil when the observation does not say.
public enum OxygenUseRule {
    static let oxygenFlow = "3151-8"
    static let oxygenFraction = "3150-0"
    static let roomAir = "722742002"

    public static func oxygen(_ observation: Observation) -> VitalsEntry.Oxygen? {
        let codes = Set(observation.code.codings.compactMap(\.code))
        if codes.contains(roomAir) { return .roomAir }
        if case .concept(let value)? = observation.value, value.contains(code: roomAir) { return .roomAir }
        if codes.contains(oxygenFlow), let flow = observation.value?.quantity?.value {
            return flow > 0 ? .supplemental(litresPerMinute: flow) : .roomAir
        }
        if codes.contains(oxygenFraction), let fraction = observation.value?.quantity?.value {
            return fraction > 21 ? .supplemental(litresPerMinute: nil) : .roomAir
        }
        guard observation.vitalSign == .oxygenSaturation else { return nil }
        let flow = observation.components.first { $0.code.contains(code: oxygenFlow) }?.value?.quantity?.value
        if let flow, flow > 0 { return .supplemental(litresPerMinute: flow) }
        if let fraction = observation.components.first(where: { $0.code.contains(code: oxygenFraction) })?.value?.quantity?.value, fraction > 21 {
            return .supplemental(litresPerMinute: nil)
        }
        if observation.notes.contains("Supplemental oxygen") { return .supplemental(litresPerMinute: flow) }
        if observation.notes.contains("Room air") { return .roomAir }
        return nil
    }
}
