import Foundation

/// Numbers as ISMP wants them on anything a clinician may act on: a leading zero (`0.5`, never
/// `.5`), no trailing zeros (`5`, never `5.0`; `12.50` is `12.5`), thousands grouped with
/// commas from 1,000 (`1,000`), never scientific notation. Built by hand from the decimal's own
/// digits, so no locale can change a separator and no binary float can change a digit.
/// The value is shown exactly as recorded: no rounding.
public enum DecimalText {
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
