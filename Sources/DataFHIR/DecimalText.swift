import Foundation

/// Exact conversion of a JSON number's text to `Decimal`.
enum DecimalText {
    /// The most significant digits a `Decimal` holds without rounding.
    static let maxSignificantDigits = 38

    /// The exact value of `text`, or a reason it cannot be held exactly. `Decimal(string:)`
    /// alone would silently drop digits beyond 38, which must never happen to a dose.
    static func decimal(_ text: String) -> Result<Decimal, ElementProblemReason> {
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
