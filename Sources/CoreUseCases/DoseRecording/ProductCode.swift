import CoreDomain

/// A drug's code as a scan can match it, in the forms that are the same code for certain:
///
/// - An NDC written with hyphens says its layout (4-4-2, 5-3-2, 5-4-1, or 11 digits as 5-4-2):
///   it is that 10-digit NDC and the 11-digit form padding its short segment with a zero.
/// - An NDC of 10 digits without hyphens is only that: which segment is short is not written,
///   so it is never padded into an 11-digit form by guess. One of 11 digits is that.
/// - A GTIN (8, 12, 13 or 14 digits with a valid GS1 check digit) is its 14-digit form; a GTIN
///   holding an NDC (`03` before the NDC's 10 digits in the 14-digit form, as a US drug's UPC-A
///   `3` + NDC + check digit, or a case's GTIN-14) is that 10-digit NDC too. A GS1 element
///   string of 16 digits or more beginning `01` (a DataMatrix: `(01)` GTIN, then expiry, lot)
///   is its GTIN.
/// - Anything else (an RxNorm code, a hospital item number) is itself, letter case aside.
struct ProductCode: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case ndc10, ndc11, gtin, plain
    }

    var kind: Kind
    var value: String

    static let ndcSystem = "http://hl7.org/fhir/sid/ndc"
    static let gtinSystems: Set<String> = ["https://www.gs1.org/gtin", "urn:oid:1.3.160"]

    /// The forms of a code from a known system (`system` nil: unknown, read as typed).
    static func forms(of code: String, system: String?) -> Set<ProductCode> {
        let text = code.trimmingCharacters(in: .whitespaces)
        var forms: Set<ProductCode> = [ProductCode(kind: .plain, value: text.lowercased())]
        if system == ndcSystem { forms.formUnion(ndc(text)) }
        if let system, gtinSystems.contains(system) { forms.formUnion(gtin(digitsOnly(text) ?? "")) }
        return forms
    }

    /// The forms of what a scanner typed: it may be any of them.
    static func forms(ofScan text: String) -> Set<ProductCode> {
        var forms: Set<ProductCode> = [ProductCode(kind: .plain, value: text.lowercased())]
        forms.formUnion(ndc(text))
        if let digits = digitsOnly(text) {
            forms.formUnion(gtin(digits))
            if digits.count >= 16, digits.hasPrefix("01") { forms.formUnion(gtin(String(digits.dropFirst(2).prefix(14)))) }
        }
        return forms
    }

    /// An NDC's forms: with hyphens, its 10- and 11-digit forms; bare, its own length's only.
    private static func ndc(_ text: String) -> Set<ProductCode> {
        let segments = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard segments.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return [] }
        let lengths = segments.map(\.count), digits = segments.joined()
        switch lengths {
        case [10]: return [ProductCode(kind: .ndc10, value: digits)]
        case [11], [5, 4, 2]: return [ProductCode(kind: .ndc11, value: digits)]
        case [4, 4, 2], [5, 3, 2], [5, 4, 1]:
            let padded = zip(segments, [5, 4, 2]).map { String(repeating: "0", count: $1 - $0.count) + $0 }.joined()
            return [ProductCode(kind: .ndc10, value: digits), ProductCode(kind: .ndc11, value: padded)]
        default: return []
        }
    }

    /// A GTIN's forms: its 14 digits, and the NDC it holds; none when the check digit is wrong.
    private static func gtin(_ digits: String) -> Set<ProductCode> {
        guard [8, 12, 13, 14].contains(digits.count), hasValidCheckDigit(digits) else { return [] }
        let fourteen = String(repeating: "0", count: 14 - digits.count) + digits
        var forms: Set<ProductCode> = [ProductCode(kind: .gtin, value: fourteen)]
        let characters = Array(fourteen)
        if String(characters[1...2]) == "03" { forms.insert(ProductCode(kind: .ndc10, value: String(characters[3..<13]))) }
        return forms
    }

    /// GS1's mod-10 check: digits weighted 3, 1, 3... from the right, the check digit excluded.
    private static func hasValidCheckDigit(_ digits: String) -> Bool {
        let values = digits.compactMap(\.wholeNumberValue)
        guard let check = values.last else { return false }
        let sum = values.dropLast().reversed().enumerated().reduce(0) { $0 + $1.element * ($1.offset.isMultiple(of: 2) ? 3 : 1) }
        return (10 - sum % 10) % 10 == check
    }

    private static func digitsOnly(_ text: String) -> String? {
        !text.isEmpty && text.allSatisfy(\.isASCIIDigit) ? text : nil
    }
}
