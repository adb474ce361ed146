import CoreDomain
import CoreUseCases

/// A laboratory result as text: its value with the flag letter (`5.9 H`, `6.8 H!`, `Not
/// detected`), its status where a clinician must know it, and its reference range
/// (`3.5-5.1`, `<=8`, or the lab's own words). Flags are letters, never only a color; a
/// result nothing judges shows no flag and is never called normal.
public enum LabValueText {
    /// The value alone: a measurement (float noise rounded to the range's precision), the
    /// answer's words, or why there is none.
    public static func value(_ result: LabResult) -> String {
        switch result.value {
        case .quantity(let quantity):
            return (quantity.comparator ?? "") + DecimalText.displayed(quantity.value, places: places(result.range))
        case .text(let text): return text
        case .absent(let reason): return reason
        case .none: return "no value"
        }
    }

    /// `5.9 H`: value and flag letter, as a worksheet cell and the history show them.
    public static func valueWithFlag(_ result: LabResult) -> String {
        let marker = result.flag.marker
        return marker.isEmpty ? value(result) : value(result) + " " + marker
    }

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
        let low = range.low.map { DecimalText.displayed($0.value, places: places) }
        let high = range.high.map { DecimalText.displayed($0.value, places: places) }
        switch (low, high) {
        case let (low?, high?): return "\(low)-\(high)"
        case let (nil, high?): return (unicode ? "≤" : "<=") + high
        case let (low?, nil): return (unicode ? "≥" : ">=") + low
        case (nil, nil): return range.text
        }
    }

    /// Noise is rounded to the digits the range is written with (at least one, at most three);
    /// two without a range.
    private static func places(_ range: ReferenceRange?) -> Int {
        let bounds = [range?.low, range?.high].compactMap { $0?.value }
        guard !bounds.isEmpty else { return 2 }
        return min(3, max(1, bounds.map(DecimalText.fractionDigits).max() ?? 1))
    }
}
