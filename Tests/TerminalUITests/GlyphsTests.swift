import Testing
@testable import TerminalUI

@Suite struct GlyphsTests {
    /// A VT220, or any client whose locale is not UTF-8, gets the terminal's own line drawing, not
    /// UTF-8 box characters; ASCII only where the terminal has no line drawing.
    @Test func localeAndTerminalChooseTheSet() {
        #expect(Glyphs.forTerminal(isUTF8: true, hasLineDrawing: true) == .unicode)
        #expect(Glyphs.forTerminal(isUTF8: false, hasLineDrawing: true) == .vtLineDrawing)
        #expect(Glyphs.forTerminal(isUTF8: false, hasLineDrawing: false) == .ascii)
    }

    @Test func onlyTheVTSetSendsFramesAsLineDrawingCodes() {
        let vt = Glyphs.vtLineDrawing
        let frame = [vt.horizontal, vt.vertical, vt.topLeft, vt.topRight, vt.bottomLeft, vt.bottomRight, vt.teeLeft, vt.teeRight]
        #expect(frame.map { vt.alternateCharsetCode(for: $0).map { Character(UnicodeScalar($0)) } } == Array("qxlkmjtu"))
        #expect(vt.alternateCharsetCode(for: "q") == nil, "text is never line drawing")
        #expect(Glyphs.unicode.alternateCharsetCode(for: "─") == nil)
        #expect(Glyphs.ascii.alternateCharsetCode(for: "-") == nil)
    }

    @Test func sparklineScalesToLevelsAndShowsGaps() {
        #expect(Glyphs.unicode.sparkline([0, 0.5, 1, nil, 2, -1]) == "▁▅█ █▁")
        #expect(Glyphs.ascii.sparkline([0, 0.25, 0.5, 0.75, 1, nil]) == "_.-=^ ")
        #expect(Glyphs.ascii.sparkGlyph(.nan) == "_")
    }

    @Test func asciiFoldingKeepsNamesAndUnitsReadable() {
        #expect(ASCIIFolding.fold("Müller") == "Muller")
        #expect(ASCIIFolding.fold("Zoe\u{0308} Ångström") == "Zoe Angstrom")
        #expect(ASCIIFolding.fold("38.4 °C · SpO2 ≥ 92 %") == "38.4 degC - SpO2 >= 92 %")
        #expect(ASCIIFolding.fold("250 µg") == "250 ug")
        #expect(ASCIIFolding.fold("李小龍") == "???")
    }

    @Test func widthsFollowTheSetInUse() {
        #expect(Glyphs.unicode.displayWidth(of: "李小龍") == 6)
        #expect(Glyphs.ascii.displayWidth(of: "李小龍") == 3)
        #expect(Glyphs.unicode.displayWidth(of: "°C") == 2)
        #expect(Glyphs.ascii.displayWidth(of: "°C") == 4)
    }

    @Test func asciiBufferNeverHoldsNonASCII() {
        var screen = ScreenBuffer(width: 20, height: 1, glyphs: .ascii)
        screen.draw { $0.text("Müller 李 38.4 °C", row: 0, col: 0) }
        #expect(screen.textSnapshot()[0] == "Muller ? 38.4 degC  ")
        #expect(screen.textSnapshot()[0].unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func emojiPresentationIsWide() {
        #expect(Glyphs.unicode.displayWidth(of: "\u{2764}\u{FE0F}") == 2)
        #expect(Glyphs.unicode.displayWidth(of: "\u{200B}a") == 1)
    }
}
