import CoreDomain
import Foundation

/// Reads what was typed into one field of the vitals form. Empty (or blank) means "not
/// measured". Numbers are plain digits with at most one decimal point (no signs, no commas,
/// no exponents: anything else is a slip, refused with the field's range). Temperature may end
/// in `C` or `F` (`°` optional, any case): °F is converted to °C rounded to 0.1 °C, a
/// thermometer's resolution, and the range is checked on the °C value.
public enum VitalsFieldParser {
    /// A temperature as charted (°C), and the °F value when that is what was typed.
    public struct Temperature: Hashable, Sendable {
        public var celsius: Decimal
        public var typedFahrenheit: Decimal?

        public init(celsius: Decimal, typedFahrenheit: Decimal? = nil) {
            self.celsius = celsius
            self.typedFahrenheit = typedFahrenheit
        }
    }

    /// The value of a numeric field (not `time`, `oxygen`, `oxygenDevice` or `temperature`); nil when empty.
    public static func number(_ text: String, for field: VitalsField) -> Result<Decimal?, VitalsRefusal> {
        guard let range = VitalsEntryRange.range(for: field) else { preconditionFailure("\(field) is not a numeric field") }
        return number(text, in: range)
    }

    /// A number judged by `range` (an O2 flow by its device's); nil when empty.
    public static func number(_ text: String, in range: VitalsEntryRange) -> Result<Decimal?, VitalsRefusal> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .success(nil) }
        guard let number = parse(trimmed[...]), number.fractionDigits <= range.fractionDigits else {
            return .failure(range.notANumber)
        }
        return range.contains(number.value) ? .success(number.value) : .failure(range.outOfRange)
    }

    /// The temperature field; nil when empty.
    public static func temperature(_ text: String) -> Result<Temperature?, VitalsRefusal> {
        let range = VitalsEntryRange.range(for: .temperature)!
        var body = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !body.isEmpty else { return .success(nil) }
        let isFahrenheit = body.hasSuffix("f")
        if isFahrenheit || body.hasSuffix("c") {
            body.removeLast()
            if body.hasSuffix("°") || body.hasSuffix("º") { body.removeLast() }
            body = body.trimmingCharacters(in: .whitespaces)
        }
        guard let number = parse(body[...]), number.fractionDigits <= range.fractionDigits else {
            return .failure(range.notANumber)
        }
        let reading = isFahrenheit
            ? Temperature(celsius: celsius(fromFahrenheit: number.value), typedFahrenheit: number.value)
            : Temperature(celsius: number.value)
        return range.contains(reading.celsius) ? .success(reading) : .failure(range.outOfRange)
    }

    static let consciousnessRefusal = VitalsRefusal("ACVPU: type A (alert), C (new confusion), V (voice), P (pain) or U (unresponsive)")

    /// The ACVPU field: one of its letters, any case; nil when empty.
    public static func consciousness(_ text: String) -> Result<Consciousness?, VitalsRefusal> {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard !trimmed.isEmpty else { return .success(nil) }
        guard let level = Consciousness.allCases.first(where: { $0.letter == trimmed }) else { return .failure(consciousnessRefusal) }
        return .success(level)
    }

    /// (°F - 32) × 5/9, rounded half up to one decimal.
    static func celsius(fromFahrenheit fahrenheit: Decimal) -> Decimal {
        var exact = (fahrenheit - 32) * 5 / 9
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 1, .plain)
        return rounded
    }

    /// Digits with at most one point and a digit somewhere: "72", "38.4", ".5", "38.".
    private static func parse(_ text: Substring) -> (value: Decimal, fractionDigits: Int)? {
        let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), text.contains(where: \.isASCIIDigit),
              let value = Decimal(string: String(text), locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        return (value, parts.count == 2 ? parts[1].count : 0)
    }
}

extension Character {
    /// 0-9 only: `isNumber` would let other scripts' digits and fractions (½) through.
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
