import Testing
@testable import TerminalUI
import TestSupport

@Suite struct ScreenWriterTests {
    private static let theme = Theme(name: "t", entries: [
        .normal: ThemeEntry(foreground: .default, background: .default),
        .selected: ThemeEntry(foreground: .indexed(0), background: .indexed(6), attributes: .bold),
        .abnormal: ThemeEntry(foreground: .indexed(214), background: .default),
        .critical: ThemeEntry(foreground: .indexed(15), background: .indexed(1), attributes: [.bold, .underline]),
        .footer: ThemeEntry(foreground: .indexed(0), background: .indexed(7)),
        .footerKey: ThemeEntry(foreground: .indexed(0), background: .indexed(7), attributes: .bold),
        .dim: ThemeEntry(foreground: .default, background: .default, attributes: .dim),
        .warning: ThemeEntry(foreground: .default, background: .default, attributes: .reverse),
    ])
    private static let styles: [Style] = [.normal, .selected, .abnormal, .critical, .footer, .footerKey, .dim, .warning, .border]
    private static let texts = ["HR 112", "a", "  ", "李", "龍x", "é", "NEWS2 7", "                ", "----------", "xxx"]

    private func palette(_ depth: ColorDepth) -> StylePalette {
        StylePalette(theme: Self.theme, depth: depth, defaultColorsAvailable: true)
    }

    private func randomFrame(_ generator: inout SeededGenerator, glyphs: Glyphs, size: TerminalSize) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: size.cols, height: size.rows, glyphs: glyphs)
        buffer.draw { canvas in
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                let row = Int.random(in: 0..<size.rows, using: &generator), col = Int.random(in: 0..<size.cols, using: &generator)
                let style = Self.styles.randomElement(using: &generator)!
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: canvas.horizontalLine(row: row, col: col, width: Int.random(in: 1...4, using: &generator), style: style)
                case 1: canvas.restyle(Rect(row: row, col: col, height: 1, width: Int.random(in: 1...6, using: &generator)), style: style)
                default: _ = canvas.text(Self.texts.randomElement(using: &generator)!, row: row, col: col, style: style)
                }
            }
        }
        return buffer
    }

    /// What a cell of `buffer` must look like on the terminal.
    private func expected(_ buffer: ScreenBuffer, palette: StylePalette) -> [[VirtualTerminal.Cell]] {
        (0..<buffer.height).map { row in
            let appearances = RowAppearances.of(row: row, in: buffer, palette: palette)
            return (0..<buffer.width).map { col in
                let cell = buffer[row, col]
                let code = buffer.glyphs.alternateCharsetCode(for: cell.grapheme)
                let text = cell.isContinuation ? "" : code.map { String(UnicodeScalar($0)) } ?? String(cell.grapheme)
                return VirtualTerminal.Cell(text: text, pen: TerminalPen(appearances[col], palette: palette, lineDrawing: code != nil))
            }
        }
    }

    /// Which cursor moves the terminal declares besides cup.
    enum Moves {
        /// xterm's: cud1 (a line feed), cuu1, cub1 (backspace), cuf1, their moves by n, hpa and cr.
        case all
        /// One cell at a time only.
        case oneStep
        /// None: cup alone.
        case absolute

        func applied(to controls: TerminalControls) -> TerminalControls {
            var controls = controls
            switch self {
            case .all: break
            case .oneStep:
                for step in [\TerminalControls.up, \.down, \.left, \.right] { controls[keyPath: step] = CursorStep(one: controls[keyPath: step].one, many: nil) }
                controls.column = nil
            case .absolute:
                for step in [\TerminalControls.up, \.down, \.left, \.right] { controls[keyPath: step] = .none }
                controls.column = nil
                controls.carriageReturn = nil
            }
            return controls
        }
    }

    @Test(arguments: [(ColorDepth.full, Glyphs.unicode, true, Moves.all), (.full, .unicode, false, .all), (.eight, .unicode, true, .oneStep),
                      (.none, .unicode, true, .all), (.full, .vtLineDrawing, true, .all), (.full, .unicode, true, .absolute)])
    func randomFramesLeaveTheNewFrameOnTheTerminal(depth: ColorDepth, glyphs: Glyphs, backColorErase: Bool, moves: Moves) {
        var controls = moves.applied(to: .ecma48)
        controls.backColorErase = backColorErase
        let size = TerminalSize(rows: 5, cols: 14)
        for seed in UInt64(1)...150 {
            var generator = SeededGenerator(seed: seed)
            var writer = ScreenWriter(controls: controls, palette: palette(depth))
            var terminal = VirtualTerminal(width: size.cols, height: size.rows, backColorErase: backColorErase)
            for step in 0..<8 {
                let frame = randomFrame(&generator, glyphs: glyphs, size: size)
                if step == 5 { writer.forget() }
                terminal.apply(writer.write(frame, cursor: nil, size: size))
                let wanted = expected(frame, palette: writer.palette)
                for row in 0..<size.rows where !zip(terminal.cells[row], wanted[row]).allSatisfy({ $0.looksLike($1) }) {
                    Issue.record("seed \(seed) step \(step) row \(row): \(terminal.cells[row]) != \(wanted[row])")
                    return
                }
            }
        }
    }

    @Test func boldOffIsADeltaNotAResetWithTheColoursAgain() {
        let controls = TerminalControls.ecma48
        let footerKey = TerminalPen(attributes: .bold, foreground: 0, background: 7, lineDrawing: false)
        let footer = TerminalPen(attributes: [], foreground: 0, background: 7, lineDrawing: false)
        #expect(controls.change(from: footerKey, to: footer) == Array("\u{1B}[22m".utf8))
        #expect(controls.change(from: footer, to: footerKey) == Array("\u{1B}[1m".utf8))
        #expect(controls.change(from: footer, to: footer).isEmpty)
    }

    @Test func unknownPenStartsFromAReset() {
        let pen = TerminalPen(attributes: .bold, foreground: 214, background: -1, lineDrawing: false)
        #expect(TerminalControls.ecma48.change(from: nil, to: pen) == Array("\u{1B}(B\u{1B}[m\u{1B}[1;38;5;214m".utf8))
    }

    @Test func aShortGapIsPrintedAgainRatherThanJumped() {
        let size = TerminalSize(rows: 1, cols: 12)
        var writer = ScreenWriter(controls: .ecma48, palette: palette(.full))
        var old = ScreenBuffer(width: 12, height: 1)
        old.draw { _ = $0.text("HR 112 RR 24", row: 0, col: 0) }
        var new = old
        new.draw { _ = $0.text("HR 118 RX 24", row: 0, col: 0) }
        _ = writer.write(old, cursor: nil, size: size)
        #expect(writer.write(new, cursor: nil, size: size) == Array("\u{1B}[1;6H8 RX".utf8))
    }

    @Test func attributesTheTerminalCannotShowWithColoursAreLeftOut() {
        var console = TerminalControls.ecma48
        console.noColorVideo = [.underline, .dim]
        var writer = ScreenWriter(controls: console, palette: palette(.full))
        var frame = ScreenBuffer(width: 2, height: 1)
        frame.draw { _ = $0.text("!", row: 0, col: 0, style: .critical) }
        var terminal = VirtualTerminal(width: 2, height: 1)
        terminal.apply(writer.write(frame, cursor: nil, size: TerminalSize(rows: 1, cols: 2)))
        #expect(terminal.cells[0][0] == VirtualTerminal.Cell(text: "!", pen: TerminalPen(attributes: .bold, foreground: 15, background: 1, lineDrawing: false)))
    }
}

@Suite struct ScreenWriterMoveTests {
    private let palette = StylePalette(theme: Theme(name: "t", entries: [
        .normal: ThemeEntry(foreground: .default, background: .default),
        .footer: ThemeEntry(foreground: .indexed(252), background: .indexed(236)),
        .footerKey: ThemeEntry(foreground: .indexed(229), background: .indexed(236), attributes: .bold),
    ]), depth: .full, defaultColorsAvailable: true)

    /// The bytes of `new` after `old` was shown with the cursor left at `cursor`.
    private func bytes(_ old: ScreenBuffer, then new: ScreenBuffer, cursor: (row: Int, col: Int)) -> String {
        let size = TerminalSize(rows: old.height, cols: old.width)
        var writer = ScreenWriter(controls: .ecma48, palette: palette)
        _ = writer.write(old, cursor: cursor, size: size)
        return String(decoding: writer.write(new, cursor: nil, size: size), as: UTF8.self)
    }

    private func frame(_ texts: [(String, row: Int, col: Int)]) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: 20, height: 3)
        buffer.draw { canvas in
            for (text, row, col) in texts { _ = canvas.text(text, row: row, col: col) }
        }
        return buffer
    }

    @Test func theCellBelowIsReachedByALineFeed() {
        let old = frame([("ab", 0, 2), ("cd", 1, 2)])
        #expect(bytes(old, then: frame([("xb", 0, 2), ("cy", 1, 2)]), cursor: (0, 2)) == "x\ny")
    }

    @Test func aCellOnTheRowBelowNearItsStartIsReachedByALineFeedAndACarriageReturn() {
        let old = frame([("abcdefghij", 0, 2), ("k", 1, 2)])
        // Down, back to the row's start, and the two blanks before the cell printed again.
        #expect(bytes(old, then: frame([("abcdefghiX", 0, 2), ("Y", 1, 2)]), cursor: (0, 11)) == "X\n\r  Y")
    }

    @Test func aCellAboveIsReachedByAMoveUp() {
        let old = frame([("ab", 0, 2), ("cd", 2, 2)])
        #expect(bytes(old, then: frame([("xb", 0, 2), ("cd", 2, 2)]), cursor: (2, 2)) == "\u{1B}[2Ax")
    }

    @Test func aFootersLabelsAreWrittenTogetherThenItsKeys() {
        var old = ScreenBuffer(width: 20, height: 1), new = old
        old.draw { _ = $0.text("                    ", row: 0, col: 0, style: .footer) }
        new.draw { canvas in
            _ = canvas.text("                    ", row: 0, col: 0, style: .footer)
            for (col, key, label) in [(0, "a", " add "), (6, "b", " bed "), (12, "c", " chart")] {
                _ = canvas.text(key, row: 0, col: col, style: .footerKey)
                _ = canvas.text(label, row: 0, col: col + 1, style: .footer)
            }
        }
        #expect(bytes(old, then: new, cursor: (0, 0))
            == "\u{1B}[2Cadd\u{1B}[3Cbed\u{1B}[3Cchart\r\u{1B}[1;38;5;229ma\u{1B}[5Cb\u{1B}[5Cc")
    }
}
