import Testing
@testable import TerminalUI

/// What curses is handed per cell: each change of appearance along a row is an SGR reset and
/// the colours again on the wire, so the count of changes is the byte cost these tests bound.
@Suite struct RowAppearancesTests {
    /// The default theme's roles that list rows, the Vitals tab and the footer use.
    private let palette = StylePalette(theme: Theme(name: "t", entries: [
        .normal: ThemeEntry(foreground: .default, background: .default),
        .dim: ThemeEntry(foreground: .indexed(245), background: .default),
        .accent: ThemeEntry(foreground: .indexed(75), background: .default, attributes: .bold),
        .abnormal: ThemeEntry(foreground: .indexed(214), background: .default, attributes: .bold),
        .critical: ThemeEntry(foreground: .indexed(231), background: .indexed(160), attributes: .bold),
        .footer: ThemeEntry(foreground: .indexed(252), background: .indexed(236)),
        .footerKey: ThemeEntry(foreground: .indexed(229), background: .indexed(236), attributes: .bold),
        .selectedInactive: ThemeEntry(foreground: .indexed(255), background: .indexed(238), attributes: .underline),
    ]), depth: .full, defaultColorsAvailable: true)

    /// One row drawn from (text, style) pieces left to right.
    private func row(_ pieces: [(String, Style)]) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: pieces.reduce(0) { $0 + $1.0.count }, height: 1)
        buffer.draw { canvas in
            var col = 0
            for (text, style) in pieces { col += canvas.text(text, row: 0, col: col, style: style) }
        }
        return buffer
    }

    private func changes(_ appearances: [StylePalette.Appearance]) -> Int {
        zip(appearances, appearances.dropFirst()).filter { $0 != $1 }.count
    }

    private func written(_ buffer: ScreenBuffer) -> [StylePalette.Appearance] {
        RowAppearances.of(row: 0, in: buffer, palette: palette)
    }

    private func own(_ buffer: ScreenBuffer) -> [StylePalette.Appearance] {
        (0..<buffer.width).map { palette.appearance(of: buffer[0, $0].style) }
    }

    @Test func aListRowsScorePaddingInItsBandsStyleCostsNoAttributeChange() {
        // "Hughes, B  4E-09  3  R!D": the score's padding is drawn in its band's style.
        let list = row([("Hughes, B ", .normal), (" 4E-09", .dim), (" 3", .normal), (" ", .abnormal), ("R", .normal), ("!", .abnormal), ("D", .normal)])
        #expect(changes(own(list)) == 6)
        #expect(changes(written(list)) == 4)
    }

    @Test func aBlankBetweenTwoDifferentLooksKeepsItsOwn() {
        // Curses may write the blank after the red score or after nothing: no choice saves a change.
        let critical = row([("Crawford ", .normal), (" 4E-04", .dim), (" 10!", .critical), (" ", .abnormal), ("R", .normal)])
        #expect(written(critical) == own(critical))
    }

    @Test func headingsSeparatedByPlainBlanksAreOneRun() {
        let headings = row([("time ", .accent), (" ", .normal), ("HR  ", .accent), (" ", .normal), ("BP      ", .accent), (" ", .normal), ("SpO2", .accent)])
        #expect(changes(own(headings)) == 6)
        #expect(changes(written(headings)) == 0)
    }

    @Test func whatTheUserSeesIsUnchanged() {
        let mixed = row([("a", .normal), (" ", .footer), (" ", .selectedInactive), (" ", .abnormal), ("b", .critical), (" ", .normal), ("k", .footerKey), (" ", .footer), ("x", .dim), ("  ", .critical)])
        let drawn = own(mixed)
        for (col, appearance) in written(mixed).enumerated() {
            if mixed[0, col].grapheme == " " {
                #expect(palette.looksAlikeOnBlank(appearance, drawn[col]), "column \(col)")
            } else {
                #expect(appearance == drawn[col], "column \(col)")
            }
        }
        // A blank on another background, or underlined, keeps its own appearance.
        #expect(written(mixed)[1] == drawn[1])
        #expect(written(mixed)[2] == drawn[2])
        #expect(!palette.looksAlikeOnBlank(palette.appearance(of: .normal), palette.appearance(of: .footer)))
        #expect(!palette.looksAlikeOnBlank(palette.appearance(of: .normal), palette.appearance(of: .selectedInactive)))
        #expect(palette.looksAlikeOnBlank(palette.appearance(of: .footer), palette.appearance(of: .footerKey)))
    }
}
