import Testing
@testable import TerminalUI

@Suite struct PenChangeTests {
    private let controls = TerminalControls.ecma48
    private let selected = TerminalPen(attributes: .bold, foreground: 0, background: 6, lineDrawing: false)
    private let critical = TerminalPen(attributes: .bold, foreground: 231, background: 160, lineDrawing: false)
    private let abnormal = TerminalPen(attributes: .bold, foreground: 214, background: -1, lineDrawing: false)

    @Test func aResetOutsideTheLineDrawingSetLeavesTheCharsetAlone() {
        #expect(controls.change(from: selected, to: .plain) == Array("\u{1B}[m".utf8))
    }

    @Test func aResetInsideTheLineDrawingSetLeavesIt() {
        var border = TerminalPen.plain
        border.lineDrawing = true
        border.foreground = 3
        #expect(controls.change(from: border, to: .plain) == Array("\u{1B}(B\u{1B}[m".utf8))
    }

    @Test func aResetMergesWithTheSelectionAfterIt() {
        let dim = TerminalPen(attributes: .dim, foreground: 245, background: -1, lineDrawing: false)
        #expect(controls.change(from: abnormal, to: dim) == Array("\u{1B}[0;2;38;5;245m".utf8))
    }

    @Test func onlyTheColourThatGoesBackToTheTerminalsOwnIsReset() {
        #expect(controls.change(from: critical, to: abnormal) == Array("\u{1B}[49;38;5;214m".utf8))
        #expect(controls.change(from: abnormal, to: TerminalPen(attributes: .bold, foreground: -1, background: -1, lineDrawing: false))
            == Array("\u{1B}[39m".utf8))
    }
}
