/// A domain enum read from a FHIR `code`. The domain spells cases in camelCase
/// (`enteredInError`); FHIR in kebab-case (`entered-in-error`). Each conforming type lists
/// its table once, built by `codeTable`, so lookups are a dictionary hit, not string surgery.
protocol FHIRCode: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
    /// FHIR code -> case. Codes FHIR does not define (such as a domain-only `unknown`) are left out.
    static var byFHIRCode: [String: Self] { get }
}

extension FHIRCode {
    /// Every case under its kebab-case code, minus `excluded`, plus `extra` spellings
    /// where FHIR departs from the rule (Encounter's `onleave`).
    static func codeTable(excluding excluded: Set<Self> = [], extra: [String: Self] = [:]) -> [String: Self] {
        var table = extra
        for value in allCases where !excluded.contains(value) && !extra.values.contains(value) {
            table[kebabCase(value.rawValue)] = value
        }
        return table
    }

    /// The codes accepted, sorted, for "expected one of ..." messages.
    static var codeList: String { byFHIRCode.keys.sorted().joined(separator: ", ") }
}

/// `enteredInError` -> `entered-in-error`.
func kebabCase(_ camel: String) -> String {
    var result = ""
    for character in camel {
        if character.isUppercase {
            result += "-"
            result += character.lowercased()
        } else {
            result.append(character)
        }
    }
    return result
}
