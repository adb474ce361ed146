import Foundation

/// Numbers as ISMP wants them on anything a clinician may act on: a leading zero (`0.5`, never
/// `.5`), no trailing zeros (`5`, never `5.0`; `12.50` is `12.5`), thousands grouped with
/// commas from 1,000 (`1,000`), never scientific notation. Built by hand from the decimal's own
/// digits, so no locale can change a separator and no binary float can change a digit.
/// `format` shows the value exactly as recorded; `rounded` and `withoutNoise` round for display.
public enum DecimalText {
    /// A measurement at the precision it is read in (`places` decimals), rounded half away
    /// from zero, never cut, never padded: `40.89669209918846` at 1 is `40.9`, `38` stays `38`.
    public static func rounded(_ value: Decimal, places: Int) -> String {
        guard fractionDigits(value) > places else { return format(value) }
        var source = value, result = Decimal()
        NSDecimalRound(&result, &source, places, .plain)
        return format(result)
    }

    /// A measurement (a vital sign, a lab result) at the precision it is read in: as `rounded`,
    /// but a value rounded keeps the `places` digits it was rounded to, so `37.95` at 1 is
    /// `38.0`, never `38` (which reads as whole degrees); one recorded with fewer digits is shown
    /// as recorded (`38` stays `38`). Doses go through `withoutNoise`: ISMP forbids a trailing zero there.
    public static func measured(_ value: Decimal, places: Int) -> String {
        let text = rounded(value, places: places)
        guard fractionDigits(value) > places, places > 0 else { return text }
        let shown = text.split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0
        return text + (shown == 0 ? "." : "") + String(repeating: "0", count: places - shown)
    }

    /// More fraction digits than any clinical instrument reports: the sender printed a binary
    /// float in full (`40.89669209918846`), not a measurement that precise.
    public static let noiseDigits = 5

    /// `value` as recorded (a dose as ordered: `0.0625 mg` stays), or, when it carries float
    /// noise, `rounded` to `places` (`0.30000000000000004` at 3 is `0.3`).
    public static func withoutNoise(_ value: Decimal, places: Int) -> String {
        fractionDigits(value) >= noiseDigits ? rounded(value, places: places) : format(value)
    }

    /// How many digits follow the decimal point as recorded (trailing zeros included).
    static func fractionDigits(_ value: Decimal) -> Int {
        max(0, -Int(value.exponent))
    }

    public static func format(_ value: Decimal) -> String {
        guard !value.isNaN else { return "?" }
        var digits = Substring(value.description)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        let halves = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = halves[0].isEmpty ? "0" : String(halves[0])
        let fraction = halves.count > 1 ? String(halves[1].reversed().drop { $0 == "0" }.reversed()) : ""
        let grouped = group(integer)
        let unsigned = fraction.isEmpty ? grouped : grouped + "." + fraction
        return negative && unsigned != "0" ? "-" + unsigned : unsigned
    }

    /// "1234567" -> "1,234,567".
    private static func group(_ integer: String) -> String {
        var result = ""
        for (index, digit) in integer.enumerated() {
            if index > 0 && (integer.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
