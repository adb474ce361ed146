import CTerminalShim
import Foundation

/// Text cut into graphemes with their terminal cell widths, made safe to send: control
/// characters (which could smuggle escape sequences from record data onto the screen) become
/// a visible replacement, zero-width leftovers are dropped, and in ASCII mode everything is
/// folded to ASCII first so widths match what is really sent.
struct DisplayText {
    struct Grapheme: Equatable {
        var character: Character
        var width: Int
    }

    let graphemes: [Grapheme]

    init(_ text: String, unicode: Bool) {
        if unicode {
            graphemes = text.precomposedStringWithCanonicalMapping.compactMap(Self.measure)
        } else {
            graphemes = ASCIIFolding.fold(text).map { character in
                Grapheme(character: Self.isControl(character.unicodeScalars.first!) ? "?" : character, width: 1)
            }
        }
    }

    var width: Int { graphemes.reduce(0) { $0 + $1.width } }

    private static let replacement: Character = "\u{FFFD}"

    private static func measure(_ character: Character) -> Grapheme? {
        let scalars = character.unicodeScalars
        let base = scalars.first!
        if base == "\t" { return Grapheme(character: " ", width: 1) }
        if isControl(base) { return Grapheme(character: replacement, width: 1) }
        let width = scalars.map { Int(emr_wcwidth(UInt32($0.value))) }.max() ?? 0
        if width <= 0 {
            // Zero-width on its own (a stray combining mark, a joiner) has nothing to show;
            // anything else unprintable is shown as a replacement so it is not silently lost.
            let category = base.properties.generalCategory
            let invisible = width == 0 || category == .format || category == .nonspacingMark
            return invisible ? nil : Grapheme(character: replacement, width: 1)
        }
        let emojiPresentation = scalars.contains("\u{FE0F}")
        return Grapheme(character: character, width: emojiPresentation ? 2 : min(width, 2))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
