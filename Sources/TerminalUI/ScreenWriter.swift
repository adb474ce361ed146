/// Turns each frame into the bytes that change the terminal from the last one: only changed
/// cells, the pen changed as a delta (`PenChange`), and the cursor moved the cheapest way
/// (absolute, forward, or by printing again the unchanged cells in between). It writes the
/// terminal itself rather than through curses' refresh: curses has no "bold off", so each
/// attribute change cost a reset and both colours again. Pure, so a virtual terminal can check
/// that the bytes give exactly the new frame.
struct ScreenWriter {
    let controls: TerminalControls
    private(set) var palette: StylePalette
    /// The frame on the terminal and the pen each of its cells was written with; nil: unknown.
    private var shown: ScreenBuffer?
    private var shownPens: [[TerminalPen]] = []
    private var cursor: (row: Int, col: Int)?
    private var pen: TerminalPen?

    init(controls: TerminalControls, palette: StylePalette) {
        self.controls = controls
        self.palette = palette
    }

    /// The terminal's contents, pen and cursor are unknown (cleared, resized, repainted): the
    /// next frame is written in full.
    mutating func forget() {
        shown = nil
        shownPens = []
        cursor = nil
        pen = nil
    }

    /// A new theme: every cell is written again in its new colours.
    mutating func use(_ palette: StylePalette) {
        self.palette = palette
        forget()
    }

    /// The bytes that show `buffer` on a terminal of `size` and leave the cursor at `target`
    /// (or wherever the last cell left it).
    mutating func write(_ buffer: ScreenBuffer, cursor target: (row: Int, col: Int)?, size: TerminalSize) -> [UInt8] {
        let rows = min(buffer.height, size.rows), cols = min(buffer.width, size.cols)
        let runs = Dictionary(grouping: ScreenDiff.runs(from: shown, to: buffer), by: \.row)
        var bytes: [UInt8] = []
        var pens: [[TerminalPen]] = []
        for row in 0..<rows {
            // A blank may take a neighbour's appearance (`RowAppearances`): a blank left as it
            // was is written again when that changed.
            let rowPens = RowAppearances.of(row: row, in: buffer, palette: palette).map(pen(for:))
            var changed = row < shownPens.count ? zip(shownPens[row], rowPens).map { $0 != $1 } : Array(repeating: true, count: rowPens.count)
            for run in runs[row] ?? [] {
                for col in run.col..<(run.col + run.cells.count) { changed[col] = true }
            }
            pens.append(rowPens)
            for col in 0..<cols where changed[col] {
                let cell = buffer[row, col]
                guard !cell.isContinuation, col + cell.width <= cols else { continue }
                if controls.lastCellScrolls, row == size.rows - 1, col + max(cell.width, 1) == size.cols { continue }
                let (glyph, lineDrawing) = glyphBytes(cell.grapheme, glyphs: buffer.glyphs)
                var cellPen = rowPens[col]
                cellPen.lineDrawing = lineDrawing
                bytes += move(to: (row, col), in: buffer, pens: rowPens)
                bytes += controls.change(from: pen, to: cellPen)
                pen = cellPen
                bytes += glyph
                let next = col + max(cell.width, 1)
                // At the right margin the terminal's cursor position is its own business.
                cursor = next < size.cols ? (row, next) : nil
            }
        }
        shown = buffer
        shownPens = pens
        if let target, target.row < rows, target.col < cols {
            bytes += move(to: target, in: buffer, pens: pens[target.row])
        }
        return bytes
    }

    /// The pen for an appearance, less what the terminal cannot show with colours.
    private func pen(for appearance: StylePalette.Appearance) -> TerminalPen {
        var pen = TerminalPen(appearance, palette: palette)
        if pen.foreground >= 0 || pen.background >= 0 { pen.attributes.subtract(controls.noColorVideo) }
        return pen
    }

    /// The shortest way from the cursor to `target`: absolute, forward, or printing the cells
    /// between again when they are plain text in the current pen.
    private mutating func move(to target: (row: Int, col: Int), in buffer: ScreenBuffer, pens: [TerminalPen]) -> [UInt8] {
        if let cursor, cursor == target { return [] }
        var best = controls.moveTo(target.row, target.col)
        if let cursor, cursor.row == target.row, cursor.col < target.col {
            if let moveRight = controls.moveRight, case let forward = moveRight(target.col - cursor.col), forward.count < best.count {
                best = forward
            }
            if let reprint = reprinted(row: target.row, columns: cursor.col..<target.col, in: buffer, pens: pens), reprint.count < best.count {
                best = reprint
            }
        }
        cursor = target
        return best
    }

    /// The cells' bytes, when each is a narrow grapheme already shown in the current pen.
    private func reprinted(row: Int, columns: Range<Int>, in buffer: ScreenBuffer, pens: [TerminalPen]) -> [UInt8]? {
        var bytes: [UInt8] = []
        for col in columns {
            let cell = buffer[row, col]
            guard cell.width == 1, pens[col] == pen else { return nil }
            let (glyph, lineDrawing) = glyphBytes(cell.grapheme, glyphs: buffer.glyphs)
            guard !lineDrawing else { return nil }
            bytes += glyph
        }
        return bytes
    }

    /// A grapheme's bytes, and whether they are in the line-drawing set; a line-drawing glyph
    /// on a terminal without that set goes out as its ASCII stand-in (as curses did).
    private func glyphBytes(_ grapheme: Character, glyphs: Glyphs) -> ([UInt8], Bool) {
        if let code = glyphs.alternateCharsetCode(for: grapheme) {
            guard controls.enterLineDrawing != nil, !controls.lineDrawing.isEmpty else { return ([Self.asciiStandIn(code)], false) }
            return ([controls.lineDrawing[code] ?? code], true)
        }
        if controls.utf8 || grapheme.isASCII { return (Array(String(grapheme).utf8), false) }
        return ([0x3F], false)
    }

    private static func asciiStandIn(_ code: UInt8) -> UInt8 {
        switch code {
        case UInt8(ascii: "q"): UInt8(ascii: "-")
        case UInt8(ascii: "x"): UInt8(ascii: "|")
        default: UInt8(ascii: "+")
        }
    }
}
