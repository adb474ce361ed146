import CoreDomain
import CoreUseCases
import Foundation

/// A laboratory result as text: its value with the flag letters as laboratories print them
/// (`5.9 H`, `6.9 HH`, `2.1 LL`, `A` abnormal; `Not detected`), its status where a clinician
/// must know it, and its reference range (`3.5-5.1`, `<=8`, or the lab's own words). Flags are
/// letters, never only a color; a result nothing judges shows no flag and is never called normal.
public enum LabValueText {
    /// The value alone: a measurement at its display precision (`places(for:test:)`, in the
    /// worksheet and the history alike: float noise such as `256.9268347654883` is never a
    /// reading), the answer's words, or why there is none.
    public static func value(_ result: LabResult, test: String) -> String {
        switch result.value {
        case .quantity(let quantity):
            let number = DecimalText.measured(quantity.value, places: places(for: result, test: test))
            return (quantity.comparator ?? "") + number
        case .text(let text): return text
        case .absent(let reason): return reason
        case .none: return "no value"
        }
    }

    /// `5.9 H`, `6.9 HH`: value and flag letters, as a worksheet cell, the history and the
    /// Summary show them.
    public static func valueWithFlag(_ result: LabResult, test: String) -> String {
        let marker = marker(result.flag)
        let text = value(result, test: test)
        return marker.isEmpty ? text : text + " " + marker
    }

    /// The laboratory's letters (HL7's interpretation codes): `H`, `L`, `HH` and `LL` critical,
    /// `A` abnormal and `AA` critical without a direction; nothing for normal. Vital signs keep their own marks
    /// (`H!`, see `AbnormalFlag.marker`).
    public static func marker(_ flag: AbnormalFlag) -> String {
        switch flag {
        case .normal: ""
        case .low: "L"
        case .high: "H"
        case .criticalLow: "LL"
        case .criticalHigh: "HH"
        case .abnormal: "A"
        case .critical: "AA"
        }
    }

    /// Decimals a result is read to: as many as its reference range is written with (0.59-1.04
    /// gives two) or its test is read to (`testPlaces`, else one), whichever is more, at most
    /// three. A range written in whole numbers (12-16) never takes the tenth off a haemoglobin
    /// of 9.2. A value under 1 keeps two significant digits whatever the rest says: a TSH of
    /// 0.005 never reads 0.
    public static func places(for result: LabResult, test: String) -> Int {
        let bounds = [result.range?.low, result.range?.high].compactMap { $0?.value }
        let read = min(3, max(bounds.map(DecimalText.fractionDigits).max() ?? 0, testPlaces[test] ?? 1))
        guard case .quantity(let quantity) = result.value else { return read }
        return max(read, significantPlaces(quantity.value))
    }

    /// Decimals that give a value under 1 two significant digits (0.45 two, 0.005 four); 0 for
    /// zero and for values of 1 or more, whose whole part is never cut.
    static func significantPlaces(_ value: Decimal) -> Int {
        var magnitude = value < 0 ? -value : value
        guard magnitude > 0, magnitude < 1 else { return 0 }
        var places = 2
        while magnitude < Decimal(sign: .plus, exponent: -1, significand: 1) {
            magnitude *= 10
            places += 1
        }
        return places
    }

    /// Tests read to other than one decimal when no range says (LOINC code: decimals): pH,
    /// creatinine, troponin, procalcitonin, red cell count, ionised calcium and TSH to two;
    /// urine specific gravity to three; counts of cells per volume, sodium and chloride to none.
    static let testPlaces: [String: Int] = [
        "2744-1": 2, "11558-4": 2, "2160-0": 2, "10839-9": 2, "42757-5": 2, "89579-7": 2, "6598-7": 2,
        "75241-0": 2, "33959-8": 2, "789-8": 2, "1994-3": 2, "3016-3": 2, "5811-5": 3, "2965-2": 3,
        "777-3": 0, "26515-7": 0, "2951-2": 0, "2947-0": 0, "2075-0": 0,
    ]

    /// The words for a status a clinician must see; nil for final.
    public static func status(_ status: Observation.Status) -> String? {
        switch status {
        case .final: nil
        case .enteredInError: "entered in error"
        default: status.rawValue
        }
    }

    /// `3.5-5.1`, `<=8` / `>=60` (`≤8` / `≥60` with Unicode), else the range's text.
    public static func range(_ range: ReferenceRange?, unicode: Bool) -> String? {
        guard let range else { return nil }
        let places = places(range)
        let low = range.low.map { DecimalText.rounded($0.value, places: places) }
        let high = range.high.map { DecimalText.rounded($0.value, places: places) }
        switch (low, high) {
        case let (low?, high?): return "\(low)-\(high)"
        case let (nil, high?): return (unicode ? "≤" : "<=") + high
        case let (low?, nil): return (unicode ? "≥" : ">=") + low
        case (nil, nil): return range.text
        }
    }

    /// A range's bounds to the digits they are written with, float noise rounded away.
    private static func places(_ range: ReferenceRange) -> Int {
        min(3, [range.low, range.high].compactMap { $0?.value }.map(DecimalText.fractionDigits).max() ?? 0)
    }
}
