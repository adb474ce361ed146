import Foundation

/// Turns any text into plain ASCII for terminals whose locale is not UTF-8 (`LANG=C`), keeping
/// names readable ("Müller" -> "Muller") and clinical symbols explicit ("°C" -> "degC")
/// rather than sending bytes the terminal would show as garbage.
enum ASCIIFolding {
    /// Symbols a clinician must still read correctly, and common typography.
    private static let replacements: [Character: String] = [
        "°": "deg", "µ": "u", "μ": "u", "×": "x", "÷": "/", "±": "+/-",
        "≤": "<=", "≥": ">=", "≠": "!=", "→": "->", "←": "<-", "↑": "^", "↓": "v",
        "·": "-", "•": "*", "▸": ">", "…": "...", "–": "-", "—": "-",
        "‘": "'", "’": "'", "“": "\"", "”": "\"", "ß": "ss", "æ": "ae", "Æ": "AE",
        "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "\u{00A0}": " ",
    ]

    static func fold(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isASCII {
                result.append(character)
            } else if let replacement = replacements[character] {
                result += replacement
            } else {
                result.append(stripMarks(character))
            }
        }
        return result
    }

    /// The base letter of an accented character, or "?" when there is no ASCII base.
    private static func stripMarks(_ character: Character) -> Character {
        let decomposed = String(character).decomposedStringWithCanonicalMapping
        let base = decomposed.unicodeScalars.filter { $0.properties.generalCategory != .nonspacingMark }
        guard base.count == 1, let scalar = base.first, scalar.isASCII else { return "?" }
        return Character(scalar)
    }
}
