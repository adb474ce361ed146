import CoreDomain
import Foundation

/// Patients whose names could be taken for each other, as wards mark with a name-alert sticker
/// on both beds. Two names look alike when, with case and accents folded, their family names
/// sound the same (American Soundex: Gonzalez and Gonzales, Müller and Mueller) and their
/// first given names begin with the same three letters (Rebecca and Rebekah). The same family
/// and given name is the plainest case of that. A record without a family name is compared by
/// its given name alone ("Baby"); one with no name at all is not compared.
public enum LookAlikeNameRule {
    /// For each entry in order, whether its name looks like another entry's. By position, not
    /// a set of ids: a 100k census has tens of thousands of look-alikes, and hashing their ids
    /// into a set and out again took a fifth of its start.
    public static func lookAlikes(_ entries: [PatientListEntry]) -> [Bool] {
        marks(entries.map { key($0.patient.name) })
    }

    /// For each of `keys` (`key`), whether another has it too.
    static func marks(_ keys: [[UInt8]?]) -> [Bool] {
        var counts: [[UInt8]: Int] = [:]
        for case let key? in keys { counts[key, default: 0] += 1 }
        return keys.map { key in key.map { counts[$0, default: 0] > 1 } ?? false }
    }

    /// What two look-alike names share; nil for a record with no name to compare. In bytes,
    /// as every name of the census is keyed at unlock (a tenth of a 100k census's start in
    /// strings).
    static func key(_ name: PersonName) -> [UInt8]? {
        let given = letters(name.given.first ?? "")
        guard let family = name.family.map(letters), !family.isEmpty else {
            return given.isEmpty ? nil : [UInt8(ascii: "|")] + given
        }
        return soundex(letters: family) + [UInt8(ascii: "|")] + given.prefix(3)
    }

    /// The four-character American Soundex code: the first letter, then the codes of the
    /// consonants that follow (vowels separate equal codes, H and W do not), padded with zeros.
    public static func soundex(_ name: String) -> String {
        String(decoding: soundex(letters: letters(name)), as: UTF8.self)
    }

    private static func soundex(letters folded: [UInt8]) -> [UInt8] {
        guard let first = folded.first else { return [] }
        var code = [first - 32]  // upper case
        var previous = digit(first)
        for letter in folded.dropFirst() {
            guard code.count < 4 else { break }
            let current = digit(letter)
            if let current, current != previous { code.append(current) }
            // H and W keep the previous code; a vowel ends it.
            if letter != UInt8(ascii: "h"), letter != UInt8(ascii: "w") { previous = current }
        }
        return code + Array(repeating: UInt8(ascii: "0"), count: 4 - code.count)
    }

    /// Lower-case ASCII letters only, accents folded ("Jörg" → "jorg").
    private static func letters(_ text: String) -> [UInt8] {
        let folded = text.utf8.allSatisfy { $0 < 0x80 } ? text : text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return folded.utf8.compactMap { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): byte
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
            default: nil
            }
        }
    }

    private static func digit(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "p"), UInt8(ascii: "v"): UInt8(ascii: "1")
        case UInt8(ascii: "c"), UInt8(ascii: "g"), UInt8(ascii: "j"), UInt8(ascii: "k"), UInt8(ascii: "q"), UInt8(ascii: "s"),
             UInt8(ascii: "x"), UInt8(ascii: "z"): UInt8(ascii: "2")
        case UInt8(ascii: "d"), UInt8(ascii: "t"): UInt8(ascii: "3")
        case UInt8(ascii: "l"): UInt8(ascii: "4")
        case UInt8(ascii: "m"), UInt8(ascii: "n"): UInt8(ascii: "5")
        case UInt8(ascii: "r"): UInt8(ascii: "6")
        default: nil
        }
    }
}
