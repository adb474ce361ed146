import Foundation

/// Exact conversion of a JSON number's text to `Decimal`.
enum DecimalText {
    /// The most significant digits a `Decimal` holds without rounding.
    static let maxSignificantDigits = 38

    /// The exact value of `text`, or a reason it cannot be held exactly. `Decimal(string:)`
    /// alone would silently drop digits beyond 38, which must never happen to a dose.
    static func decimal(_ text: String) -> Result<Decimal, ElementProblemReason> {
        if let value = smallDecimal(text) { return .success(value) }
        var digits = 0
        var leadingZeros = true
        var trailingZeros = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            guard byte &- UInt8(ascii: "0") < 10 else { continue }
            if byte == UInt8(ascii: "0") {
                if leadingZeros { continue }
                trailingZeros += 1
            } else {
                leadingZeros = false
                trailingZeros = 0
            }
            digits += 1
        }
        guard digits - trailingZeros <= maxSignificantDigits else {
            return .failure(ElementProblemReason("has more than \(maxSignificantDigits) significant digits and cannot be kept exactly"))
        }
        guard let value = Decimal(string: text, locale: nil) else {
            return .failure(ElementProblemReason("is a number too large or too small to keep exactly"))
        }
        return .success(value)
    }

    /// The fast path for the usual number (up to 19 significant digits): the digits become the
    /// significand and the decimal point the exponent, both exactly. Nil sends `text` to the
    /// general path. `text` has already been checked against the JSON number grammar.
    private static func smallDecimal(_ text: String) -> Decimal? {
        var significand: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        var exponent = 0
        var iterator = text.utf8.makeIterator()
        let negative = text.utf8.first == UInt8(ascii: "-")
        if negative { _ = iterator.next() }
        scan: while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "."): inFraction = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard let value = Int(String(decoding: Array(iterator), as: UTF8.self)), abs(value) < 1_000 else { return nil }
                exponent = value
                break scan
            default:
                let digit = UInt64(byte &- UInt8(ascii: "0"))
                if inFraction { fractionDigits += 1 }
                if significand == 0 && digit == 0 { continue }
                digits += 1
                guard digits <= 19 else { return nil }
                significand = significand * 10 + digit
            }
        }
        if significand == 0 { return Decimal.zero }
        exponent -= fractionDigits
        guard (-128...127).contains(exponent) else { return nil }
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }

    /// A FHIR `integer`: written without fraction or exponent, within 32 bits.
    static func integer(_ text: String) -> Result<Int, ElementProblemReason> {
        guard !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else {
            return .failure(ElementProblemReason("expected integer, found decimal number"))
        }
        guard let value = Int32(text) else {
            return .failure(ElementProblemReason("is an integer outside the 32-bit range FHIR allows"))
        }
        return .success(Int(value))
    }
}

/// A message for an element problem before its path is attached.
struct ElementProblemReason: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}
