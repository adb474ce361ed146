import CoreDomain
import Foundation

/// Patients whose names could be taken for each other, as wards mark with a name-alert sticker
/// on both beds. Two names look alike when, with case and accents folded, their family names
/// sound the same (American Soundex: Gonzalez and Gonzales, Müller and Mueller) and their
/// first given names begin with the same three letters (Rebecca and Rebekah). The same family
/// and given name is the plainest case of that. A record without a family name is compared by
/// its given name alone ("Baby"); one with no name at all is not compared.
public enum LookAlikeNameRule {
    /// The ids of every entry whose name looks like another entry's.
    public static func lookAlikes(_ entries: [PatientListEntry]) -> Set<String> {
        var byKey: [String: [String]] = [:]
        for entry in entries {
            guard let key = key(entry.patient.name) else { continue }
            byKey[key, default: []].append(entry.id)
        }
        return Set(byKey.values.filter { $0.count > 1 }.joined())
    }

    /// What two look-alike names share; nil for a record with no name to compare.
    static func key(_ name: PersonName) -> String? {
        let given = letters(name.given.first ?? "")
        guard let family = name.family.map(letters), !family.isEmpty else {
            return given.isEmpty ? nil : "|" + given
        }
        return soundex(family) + "|" + String(given.prefix(3))
    }

    /// The four-character American Soundex code: the first letter, then the codes of the
    /// consonants that follow (vowels separate equal codes, H and W do not), padded with zeros.
    public static func soundex(_ name: String) -> String {
        let folded = letters(name)
        guard let first = folded.first else { return "" }
        var code = String(first).uppercased()
        var previous = digit(first)
        for letter in folded.dropFirst() {
            guard code.count < 4 else { break }
            let current = digit(letter)
            if let current, current != previous { code.append(current) }
            // H and W keep the previous code; a vowel ends it.
            if letter != "h", letter != "w" { previous = current }
        }
        return code.padding(toLength: 4, withPad: "0", startingAt: 0)
    }

    /// Lower-case ASCII letters only, accents folded ("Jörg" → "jorg").
    private static func letters(_ text: String) -> String {
        let folded = text.unicodeScalars.allSatisfy(\.isASCII)
            ? text.lowercased() : text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return String(folded.unicodeScalars.filter { ("a"..."z").contains($0) }.map(Character.init))
    }

    private static func digit(_ letter: Character) -> Character? {
        switch letter {
        case "b", "f", "p", "v": "1"
        case "c", "g", "j", "k", "q", "s", "x", "z": "2"
        case "d", "t": "3"
        case "l": "4"
        case "m", "n": "5"
        case "r": "6"
        default: nil
        }
    }
}
