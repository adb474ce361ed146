import Testing
@testable import TerminalUI

@Suite struct ScreenBufferTextTests {
    private func buffer(width: Int = 10, height: Int = 2, glyphs: Glyphs = .unicode) -> ScreenBuffer {
        ScreenBuffer(width: width, height: height, glyphs: glyphs)
    }

    @Test func writesTextAtPositionWithStyle() {
        var screen = buffer()
        let written = screen.draw { $0.text("HR 112", row: 1, col: 2, style: .abnormal) }
        #expect(written == 6)
        #expect(screen.textSnapshot() == ["          ", "  HR 112  "])
        #expect(screen.styleSnapshot()[1] == "..AAAAAA..")
    }

    @Test func clipsToGivenWidthAndCanvasEdge() {
        var screen = buffer()
        screen.draw { canvas in
            #expect(canvas.text("Salbutamol", row: 0, col: 0, width: 4) == 4)
            #expect(canvas.text("Prednisone", row: 1, col: 6) == 4)
        }
        #expect(screen.textSnapshot() == ["Salb      ", "      Pred"])
    }

    @Test func ignoresRowsOutsideAndShowsOnlyVisiblePartOfNegativeColumn() {
        var screen = buffer()
        screen.draw { canvas in
            #expect(canvas.text("hidden", row: 2, col: 0) == 0)
            canvas.text("abcdef", row: 0, col: -3)
        }
        #expect(screen.textSnapshot()[0] == "def       ")
    }

    @Test func wideCharactersTakeTwoCellsWithContinuation() {
        var screen = buffer()
        let written = screen.draw { $0.text("李小龍", row: 0, col: 1) }
        #expect(written == 6)
        #expect(screen[0, 1] == Cell(grapheme: "李", width: 2))
        #expect(screen[0, 2].isContinuation)
        #expect(screen[0, 6].isContinuation)
        #expect(screen[0, 7] == .blank())
        #expect(screen.textSnapshot()[0] == " 李小龍   ")
    }

    @Test func neverWritesHalfAWideCharacterAtTheClipEdge() {
        var screen = buffer()
        screen.draw { canvas in
            #expect(canvas.text("李小龍", row: 0, col: 0, width: 5, style: .banner) == 5)
        }
        #expect(screen[0, 4] == .blank(.banner))
        #expect(!screen[0, 5].isContinuation)
        #expect(screen.textSnapshot()[0] == "李小      ")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var screen = buffer()
        screen.draw { canvas in
            canvas.text("李小", row: 0, col: 0)
            canvas.text("x", row: 0, col: 1)
            canvas.text("y", row: 0, col: 2)
        }
        #expect(screen.textSnapshot()[0] == " xy       ")
        #expect((0..<10).allSatisfy { !screen[0, $0].isContinuation })
    }

    @Test func combiningMarksStayWithTheirLetterInOneCell() {
        var screen = buffer()
        let zoe = "Zoe\u{0308}", muller = "Mu\u{0308}ller"
        screen.draw { canvas in
            #expect(canvas.text(zoe, row: 0, col: 0) == 3)
            #expect(canvas.text(muller, row: 1, col: 0) == 6)
        }
        #expect(screen[0, 2].grapheme == "ë")
        #expect(screen.textSnapshot() == ["Zoë       ", "Müller    "])
        #expect(Glyphs.unicode.displayWidth(of: "Zoë") == 3)
    }

    @Test func controlCharactersFromRecordsCannotReachTheTerminal() {
        var screen = buffer(width: 12, height: 1)
        screen.draw { $0.text("A\u{1B}[2J\u{7}\tB", row: 0, col: 0) }
        #expect(screen.textSnapshot()[0] == "A\u{FFFD}[2J\u{FFFD} B    ")
        var ascii = buffer(width: 6, height: 1, glyphs: .ascii)
        ascii.draw { $0.text("\u{1B}x\u{9B}y", row: 0, col: 0) }
        #expect(ascii.textSnapshot()[0] == "?x?y  ")
    }

    @Test func ellipsisMarksShortenedTextButNotTextThatFits() {
        var screen = buffer()
        screen.draw { canvas in
            canvas.text("Garcia, Luis", row: 0, col: 0, width: 8, overflow: .ellipsis)
            canvas.text("Ito, Ken", row: 1, col: 0, width: 8, overflow: .ellipsis)
        }
        #expect(screen.textSnapshot() == ["Garcia,…  ", "Ito, Ken  "])
        var ascii = buffer(glyphs: .ascii)
        ascii.draw { $0.text("Garcia, Luis", row: 0, col: 0, width: 8, overflow: .ellipsis) }
        #expect(ascii.textSnapshot()[0] == "Garci...  ")
    }

    @Test func emptyTextAndZeroWidthWriteNothing() {
        var screen = buffer()
        screen.draw { canvas in
            #expect(canvas.text("", row: 0, col: 0) == 0)
            #expect(canvas.text("abc", row: 0, col: 0, width: 0) == 0)
        }
        #expect(screen == self.buffer())
    }
}
