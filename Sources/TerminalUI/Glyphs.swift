/// The characters structure is drawn with, chosen once from the locale and the terminal:
/// Unicode box drawing and block sparklines under UTF-8; under any other locale (a VT220, a
/// `LANG=C` client) text is folded to ASCII and frames are drawn with the terminal's own line
/// drawing (the VT100 alternate character set, terminfo `acsc`), or plain ASCII `+-|` on a
/// terminal without it. Text written through a `Canvas` follows the same choice, so widths
/// always match what is sent.
public struct Glyphs: Sendable, Equatable {
    /// True when any Unicode may be sent; false folds all text to ASCII.
    public let isUnicode: Bool
    /// True when the frame characters below are not sent as Unicode but as the terminal's line
    /// drawing characters (`alternateCharsetCode(for:)`); the cells still hold `─ │ ┌ …`.
    public let drawsLinesInAlternateCharset: Bool
    public let horizontal: Character
    public let vertical: Character
    public let topLeft: Character
    public let topRight: Character
    public let bottomLeft: Character
    public let bottomRight: Character
    /// Joins a horizontal rule to a frame's left and right sides.
    public let teeLeft: Character
    public let teeRight: Character
    /// Marks the selected row for users who cannot see colors.
    public let selectionMarker: Character
    public let ellipsis: String
    /// Sparkline levels from lowest to highest.
    public let sparkLevels: [Character]

    public static let unicode = Glyphs(
        isUnicode: true, drawsLinesInAlternateCharset: false, horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐",
        bottomLeft: "└", bottomRight: "┘", teeLeft: "├", teeRight: "┤",
        selectionMarker: "▸", ellipsis: "…", sparkLevels: Array("▁▂▃▄▅▆▇█"))

    /// ASCII text with the terminal's own line drawing: a VT220, or any client whose locale is not UTF-8.
    public static let vtLineDrawing = Glyphs(
        isUnicode: false, drawsLinesInAlternateCharset: true, horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐",
        bottomLeft: "└", bottomRight: "┘", teeLeft: "├", teeRight: "┤",
        selectionMarker: ">", ellipsis: "...", sparkLevels: Array("_.-=^"))

    public static let ascii = Glyphs(
        isUnicode: false, drawsLinesInAlternateCharset: false, horizontal: "-", vertical: "|", topLeft: "+", topRight: "+",
        bottomLeft: "+", bottomRight: "+", teeLeft: "+", teeRight: "+",
        selectionMarker: ">", ellipsis: "...", sparkLevels: Array("_.-=^"))

    /// The set for a locale and terminal: Unicode only when the locale's encoding is UTF-8;
    /// otherwise the terminal's line drawing when its terminfo has some (`acsc`), else ASCII.
    public static func forTerminal(isUTF8: Bool, hasLineDrawing: Bool) -> Glyphs {
        isUTF8 ? .unicode : hasLineDrawing ? .vtLineDrawing : .ascii
    }

    /// The VT100 alternate-character-set code (terminfo `acsc` key) a frame character is sent
    /// as with these glyphs; nil for every other character, and for every character when
    /// lines are not drawn in the alternate set.
    public func alternateCharsetCode(for character: Character) -> UInt8? {
        guard drawsLinesInAlternateCharset else { return nil }
        return Self.alternateCharsetCodes[character]
    }

    private static let alternateCharsetCodes: [Character: UInt8] = [
        "─": UInt8(ascii: "q"), "│": UInt8(ascii: "x"), "┌": UInt8(ascii: "l"), "┐": UInt8(ascii: "k"),
        "└": UInt8(ascii: "m"), "┘": UInt8(ascii: "j"), "├": UInt8(ascii: "t"), "┤": UInt8(ascii: "u"),
    ]

    /// The sparkline glyph for a value scaled to 0...1 (clamped).
    public func sparkGlyph(_ fraction: Double) -> Character {
        let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        return sparkLevels[Int((clamped * Double(sparkLevels.count - 1)).rounded())]
    }

    /// A sparkline for values scaled to 0...1; `nil` (no measurement) is a gap.
    public func sparkline(_ fractions: [Double?]) -> String {
        String(fractions.map { $0.map(sparkGlyph) ?? " " })
    }

    /// Cells `text` takes on screen with these glyphs (folded to ASCII when not Unicode).
    public func displayWidth(of text: String) -> Int {
        DisplayText(text, unicode: isUnicode).width
    }
}
