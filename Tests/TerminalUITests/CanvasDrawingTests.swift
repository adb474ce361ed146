import Testing
@testable import TerminalUI

@Suite struct CanvasDrawingTests {
    @Test func canvasCoordinatesAreLocalAndClipped() {
        var screen = ScreenBuffer(width: 8, height: 4)
        screen.draw(in: Rect(row: 1, col: 2, height: 2, width: 4)) { pane in
            #expect(pane.width == 4 && pane.height == 2)
            pane.text("abcdefgh", row: 0, col: 0)
            pane.text("spill", row: 2, col: 0)
            pane.fill(Rect(row: 1, col: -5, height: 9, width: 20), style: .selected, with: "#")
        }
        #expect(screen.textSnapshot() == ["        ", "  abcd  ", "  ####  ", "        "])
        #expect(screen.styleSnapshot()[2] == "..SSSS..")
    }

    @Test func nestedCanvasIsClippedToItsParent() {
        var screen = ScreenBuffer(width: 6, height: 3)
        screen.draw(in: Rect(row: 0, col: 0, height: 2, width: 4)) { outer in
            outer.draw(in: Rect(row: 1, col: 2, height: 5, width: 5)) { inner in
                #expect(inner.width == 2 && inner.height == 1)
                inner.text("xyz", row: 0, col: 0)
                #expect(inner[0, 0]?.grapheme == "x")
                #expect(inner[1, 0] == nil)
            }
        }
        #expect(screen.textSnapshot() == ["      ", "  xy  ", "      "])
    }

    @Test func restyleKeepsTextAndCoversBothHalvesOfWideCharacters() {
        var screen = ScreenBuffer(width: 6, height: 1)
        screen.draw { canvas in
            canvas.text("a李b", row: 0, col: 0)
            canvas.restyle(Rect(row: 0, col: 2, height: 1, width: 1), style: .selected)
        }
        #expect(screen.textSnapshot() == ["a李b  "])
        #expect(screen.styleSnapshot() == [".SS..."])
    }

    @Test func linesUseTheGlyphSet() {
        var unicode = ScreenBuffer(width: 4, height: 3)
        unicode.draw { canvas in
            canvas.horizontalLine(row: 0)
            canvas.verticalLine(row: 1, col: 1)
        }
        #expect(unicode.textSnapshot() == ["────", " │  ", " │  "])
        #expect(unicode.styleSnapshot()[0] == "||||")
        var ascii = ScreenBuffer(width: 4, height: 2, glyphs: .ascii)
        ascii.draw { canvas in
            canvas.horizontalLine(row: 0, col: 1, width: 2)
            canvas.verticalLine(col: 0)
        }
        #expect(ascii.textSnapshot() == ["|-- ", "|   "])
    }

    @Test func boxDrawsFrameWithTitleAndReturnsInterior() {
        var screen = ScreenBuffer(width: 16, height: 4)
        let interior = screen.draw { $0.box(title: "Patients 24", style: .borderFocused, titleStyle: .accent) }
        #expect(interior == Rect(row: 1, col: 1, height: 2, width: 14))
        #expect(screen.textSnapshot() == [
            "┌ Patients 24 ─┐",
            "│              │",
            "│              │",
            "└──────────────┘",
        ])
        #expect(screen.styleSnapshot()[0] == "#aaaaaaaaaaaaa##")
    }

    @Test func boxFallsBackToASCIIAndShortensLongTitles() {
        var screen = ScreenBuffer(width: 10, height: 3, glyphs: .ascii)
        screen.draw { $0.box(title: "Encounters and more") }
        #expect(screen.textSnapshot() == ["+ Enco...+", "|        |", "+--------+"])
    }

    @Test func boxTooSmallDrawsNothing() {
        var screen = ScreenBuffer(width: 3, height: 1)
        let interior = screen.draw { $0.box() }
        #expect(interior.isEmpty)
        #expect(screen == ScreenBuffer(width: 3, height: 1))
    }
}
