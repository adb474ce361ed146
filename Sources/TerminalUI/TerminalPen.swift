/// What the terminal draws the next character with: attributes, colour numbers (-1 the
/// terminal's own) and whether the line-drawing set is selected. `ScreenWriter` tracks the
/// terminal's pen so that a change sends only what differs (ratatui's diff does the same):
/// curses resent every attribute and both colours at each change.
struct TerminalPen: Equatable {
    var attributes: TextAttributes
    var foreground: Int
    var background: Int
    var lineDrawing: Bool

    /// The pen after a reset (sgr0): no attributes, the terminal's colours.
    static let plain = TerminalPen(attributes: [], foreground: -1, background: -1, lineDrawing: false)

    /// The pen a palette appearance draws with.
    init(_ appearance: StylePalette.Appearance, palette: StylePalette, lineDrawing: Bool = false) {
        let colors = palette.colors(ofPair: appearance.pair)
        self.init(attributes: appearance.attributes, foreground: colors.foreground, background: colors.background, lineDrawing: lineDrawing)
    }

    init(attributes: TextAttributes, foreground: Int, background: Int, lineDrawing: Bool) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
        self.lineDrawing = lineDrawing
    }
}
