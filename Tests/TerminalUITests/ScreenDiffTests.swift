import Testing
@testable import TerminalUI

@Suite struct ScreenDiffTests {
    private func screen(_ rows: [String], width: Int = 6) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: rows.count)
        buffer.draw { canvas in
            for (row, text) in rows.enumerated() { canvas.text(text, row: row, col: 0) }
        }
        return buffer
    }

    @Test func firstFrameWritesEveryRowInFull() {
        let frame = screen(["ab", "cd"])
        let runs = ScreenDiff.runs(from: nil, to: frame)
        #expect(runs.map(\.row) == [0, 1])
        #expect(runs.allSatisfy { $0.col == 0 && $0.cells.count == 6 })
    }

    @Test func identicalFramesWriteNothing() {
        #expect(ScreenDiff.runs(from: screen(["HR 112"]), to: screen(["HR 112"])).isEmpty)
    }

    @Test func onlyChangedCellsAreWritten() {
        let runs = ScreenDiff.runs(from: screen(["HR 112", "RR 24 "]), to: screen(["HR 118", "RR 24 "]))
        #expect(runs == [ScreenDiff.Run(row: 0, col: 5, cells: [Cell(grapheme: "8")])])
    }

    @Test func separateChangesInARowAreSeparateRuns() {
        let runs = ScreenDiff.runs(from: screen(["abcdef"]), to: screen(["xbcdey"]))
        #expect(runs.map(\.col) == [0, 5])
        #expect(runs.map(\.cells.count) == [1, 1])
    }

    @Test func styleChangeAloneIsAChange() {
        let old = screen(["abc"])
        var new = old
        new.draw { $0.restyle(Rect(row: 0, col: 1, height: 1, width: 1), style: .selected) }
        #expect(ScreenDiff.runs(from: old, to: new) == [ScreenDiff.Run(row: 0, col: 1, cells: [Cell(grapheme: "b", style: .selected)])])
    }

    @Test func wideCharacterChangesIncludeBothHalvesStartingAtTheLead() {
        let runs = ScreenDiff.runs(from: screen(["a李b"]), to: screen(["a龍b"]))
        #expect(runs.count == 1)
        #expect(runs[0].col == 1)
        #expect(runs[0].cells.map(\.width) == [2, 0])
        #expect(runs[0].cells.first?.grapheme == "龍")
    }

    @Test func wideCharacterReplacedByNarrowOnesRewritesBothCells() {
        let runs = ScreenDiff.runs(from: screen(["李"]), to: screen(["xy"]))
        #expect(runs == [ScreenDiff.Run(row: 0, col: 0, cells: [Cell(grapheme: "x"), Cell(grapheme: "y")])])
    }

    @Test func sizeOrGlyphChangeRepaintsEverything() {
        #expect(ScreenDiff.runs(from: screen(["ab"], width: 5), to: screen(["ab"])).count == 1)
        let ascii = ScreenBuffer(width: 6, height: 1, glyphs: .ascii)
        #expect(ScreenDiff.runs(from: ascii, to: screen(["      "])) == [ScreenDiff.Run(row: 0, col: 0, cells: Array(repeating: .blank(), count: 6))])
    }
}
