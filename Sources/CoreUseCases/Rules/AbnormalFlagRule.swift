import CoreDomain
import Foundation

/// How a result compares with normal, in this order:
/// 1. the source's interpretation codes (HL7 v3 ObservationInterpretation: N, H, HU, HX, >, L,
///    LU, LX, <, A, HH, LL, AA), the worst one when several are given;
/// 2. else the first reference range with a bound, compared with the value (units must agree);
/// 3. else, for a vital sign, the adult table in `VitalSignLimits`;
/// 4. else normal (nothing to judge by).
/// AA ("critically abnormal") takes its direction from the range or table, else stays critical
/// without one.
/// For vital signs the table's critical limits then escalate any lesser flag to critical: a heart
/// rate of 150 is critical whatever the source's range says. Escalation never lowers a flag.
/// Blood pressure is judged by its systolic and diastolic components and takes the worse.
public enum AbnormalFlagRule {
    /// Code systems whose codes are read as interpretations (v3, and the older v2 table 0078).
    public static let interpretationSystems: Set<String> = [
        "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation",
        "http://hl7.org/fhir/v2/0078",
        "http://terminology.hl7.org/CodeSystem/v2-0078",
    ]

    private enum Interpretation {
        case flag(AbnormalFlag)
        case criticalWithoutDirection
    }

    private static let codes: [String: Interpretation] = [
        "N": .flag(.normal),
        "H": .flag(.high), "HU": .flag(.high), "HX": .flag(.high), ">": .flag(.high),
        "L": .flag(.low), "LU": .flag(.low), "LX": .flag(.low), "<": .flag(.low),
        "A": .flag(.abnormal),
        "HH": .flag(.criticalHigh), "LL": .flag(.criticalLow), "AA": .criticalWithoutDirection,
    ]

    /// The flag of a whole observation; blood pressure panels by their components.
    public static func flag(for observation: Observation) -> AbnormalFlag {
        let systolic = observation.component(loinc: VitalSign.systolic.loinc)
        let diastolic = observation.component(loinc: VitalSign.diastolic.loinc)
        guard systolic != nil || diastolic != nil else {
            return flag(interpretation: observation.interpretation, value: observation.value?.quantity,
                        ranges: observation.referenceRanges, limits: observation.vitalSign.flatMap(VitalSignLimits.limits))
        }
        let parts = [(systolic, VitalSign.systolic), (diastolic, VitalSign.diastolic)].compactMap { component, sign in
            component.map {
                flag(interpretation: $0.interpretation, value: $0.value?.quantity, ranges: $0.referenceRanges,
                     limits: VitalSignLimits.limits(for: sign))
            }
        }
        let panel = flag(interpretation: observation.interpretation, value: nil, ranges: [], limits: nil)
        return AbnormalFlag.worst(parts + [panel])
    }

    /// The flag of one value with its interpretation codes, reference ranges and, for vital
    /// signs, the adult limits.
    public static func flag(interpretation: [Coding], value: Quantity?, ranges: [ReferenceRange], limits: VitalSignLimits?) -> AbnormalFlag {
        let limits = value.flatMap { value in limits.flatMap { $0.accepts(value) ? $0 : nil } }
        // Measured only when the codes leave it open: a worksheet judges thousands of results.
        func measured() -> AbnormalFlag? { value.flatMap { rangeFlag($0, ranges) ?? limits?.flag(for: $0.value) } }
        var result: AbnormalFlag
        switch interpreted(interpretation) {
        case .flag(let flag)?: result = flag
        case .criticalWithoutDirection?: result = critical(towards: measured())
        case nil: result = measured() ?? .normal
        }
        if let value, let critical = limits?.criticalFlag(for: value.value), result.severity < critical.severity {
            result = critical
        }
        return result
    }

    private static func interpreted(_ codings: [Coding]) -> Interpretation? {
        guard !codings.isEmpty else { return nil }
        let known = codings.compactMap { coding -> Interpretation? in
            guard coding.system.map(interpretationSystems.contains) ?? true, let code = coding.code else { return nil }
            return codes[code]
        }
        if known.contains(where: { if case .criticalWithoutDirection = $0 { true } else { false } }) {
            return .criticalWithoutDirection
        }
        let flags = known.compactMap { if case .flag(let flag) = $0 { flag } else { nil } }
        return flags.isEmpty ? nil : .flag(AbnormalFlag.worst(flags))
    }

    private static func critical(towards measured: AbnormalFlag?) -> AbnormalFlag {
        switch measured {
        case .high?, .criticalHigh?: .criticalHigh
        case .low?, .criticalLow?: .criticalLow
        default: .critical
        }
    }

    /// The value against the first range that has a bound in the value's unit; nil when none has.
    /// Compared as `OrderedDecimal`s: exactly as `Decimal` compares, without its cost.
    private static func rangeFlag(_ value: Quantity, _ ranges: [ReferenceRange]) -> AbnormalFlag? {
        for range in ranges {
            let low = range.low.flatMap { sameUnit($0, value) ? $0.value : nil }
            let high = range.high.flatMap { sameUnit($0, value) ? $0.value : nil }
            guard low != nil || high != nil else { continue }
            let point = OrderedDecimal(value.value)
            if let low, point < OrderedDecimal(low) { return .low }
            if let high, point > OrderedDecimal(high) { return .high }
            return .normal
        }
        return nil
    }

    /// Units agree unless both sides name one and the names differ.
    private static func sameUnit(_ bound: Quantity, _ value: Quantity) -> Bool {
        let a = bound.ucumCode ?? bound.unit, b = value.ucumCode ?? value.unit
        guard let a, let b else { return true }
        return a == b
    }
}

extension AbnormalFlag {
    /// 0 normal, 1 abnormal (L, H, !), 2 critical (L!, H!, !!).
    public var severity: Int {
        switch self {
        case .normal: 0
        case .low, .high, .abnormal: 1
        case .criticalLow, .criticalHigh, .critical: 2
        }
    }

    /// The most severe of `flags`, the earlier one on a tie (normal when empty).
    public static func worst(_ flags: [AbnormalFlag]) -> AbnormalFlag {
        flags.reduce(.normal) { $1.severity > $0.severity ? $1 : $0 }
    }
}
