/// The characters structure is drawn with, chosen once from the locale: Unicode box drawing
/// and block sparklines under UTF-8, plain ASCII otherwise (`LANG=C`, old terminals). Text
/// written through a `Canvas` follows the same choice, so widths always match what is sent.
public struct Glyphs: Sendable, Equatable {
    /// True when any Unicode may be sent; false folds all text to ASCII.
    public let isUnicode: Bool
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
        isUnicode: true, horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐",
        bottomLeft: "└", bottomRight: "┘", teeLeft: "├", teeRight: "┤",
        selectionMarker: "▸", ellipsis: "…", sparkLevels: Array("▁▂▃▄▅▆▇█"))

    public static let ascii = Glyphs(
        isUnicode: false, horizontal: "-", vertical: "|", topLeft: "+", topRight: "+",
        bottomLeft: "+", bottomRight: "+", teeLeft: "+", teeRight: "+",
        selectionMarker: ">", ellipsis: "...", sparkLevels: Array("_.-=^"))

    /// The set for a locale: Unicode only when the locale's encoding is UTF-8.
    public static func forLocale(isUTF8: Bool) -> Glyphs { isUTF8 ? .unicode : .ascii }

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
