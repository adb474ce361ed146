/// Turns each frame into the bytes that change the terminal from the last one: only changed
/// cells, the pen changed as a delta (`PenChange`), and the cursor moved the cheapest way
/// (absolute, relative, or by printing again the unchanged cells in between), visiting the
/// changed cells top to bottom or pen by pen, whichever is shorter. It writes the
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
        let (pieces, pens) = self.pieces(of: buffer, size: size)
        // Top to bottom, or keeping the pen where a move is cheaper than changing it (all of
        // a footer's labels, then its keys): whichever is shorter. A change of pen is 3 to 22
        // bytes, a move along a row or to the next 1 to 5.
        var inOrder = self, penFirst = self
        var bytes = inOrder.write(pieces, in: buffer, pens: pens, size: size, keepingThePen: false)
        let penFirstBytes = penFirst.write(pieces, in: buffer, pens: pens, size: size, keepingThePen: true)
        if penFirstBytes.count < bytes.count {
            bytes = penFirstBytes
            self = penFirst
        } else {
            self = inOrder
        }
        shown = buffer
        shownPens = pens
        if let target, target.row < pens.count, target.col < min(buffer.width, size.cols) {
            bytes += move(to: target, in: buffer, pens: pens[target.row])
        }
        return bytes
    }

    /// Cells printed in one pen from one position on, and the column the cursor is left at.
    private struct Piece {
        let row: Int
        let col: Int
        let pen: TerminalPen
        var bytes: [UInt8]
        var end: Int
    }

    /// What changed between the shown frame and `buffer`, top to bottom, as pieces (runs of
    /// one character as `rep`, a blank row end as `el`), and every row's pens.
    private func pieces(of buffer: ScreenBuffer, size: TerminalSize) -> ([Piece], [[TerminalPen]]) {
        let rows = min(buffer.height, size.rows), cols = min(buffer.width, size.cols)
        let runs = Dictionary(grouping: ScreenDiff.runs(from: shown, to: buffer), by: \.row)
        var pieces: [Piece] = []
        var pens: [[TerminalPen]] = []
        func add(row: Int, col: Int, pen: TerminalPen, bytes: [UInt8], end: Int) {
            if let last = pieces.last, last.row == row, last.end == col, last.pen == pen {
                pieces[pieces.count - 1].bytes += bytes
                pieces[pieces.count - 1].end = end
            } else {
                pieces.append(Piece(row: row, col: col, pen: pen, bytes: bytes, end: end))
            }
        }
        for row in 0..<rows {
            // A blank may take a neighbour's appearance (`RowAppearances`): a blank left as it
            // was is written again when that changed.
            let rowPens = RowAppearances.of(row: row, in: buffer, palette: palette).map(pen(for:))
            var changed = row < shownPens.count ? zip(shownPens[row], rowPens).map { $0 != $1 } : Array(repeating: true, count: rowPens.count)
            for run in runs[row] ?? [] {
                for col in run.col..<(run.col + run.cells.count) { changed[col] = true }
            }
            pens.append(rowPens)
            var repeatedUpTo = 0
            for col in 0..<cols where changed[col] && col >= repeatedUpTo {
                let cell = buffer[row, col]
                guard !cell.isContinuation, col + cell.width <= cols else { continue }
                if controls.lastCellScrolls, row == size.rows - 1, col + max(cell.width, 1) == size.cols { continue }
                if let eraseToEnd = controls.eraseToEnd, cols - col > eraseToEnd.count,
                   erasable(row: row, from: col, in: buffer, pens: rowPens) {
                    // The erase leaves the cursor where it is.
                    add(row: row, col: col, pen: rowPens[col], bytes: eraseToEnd, end: col)
                    break
                }
                let (glyph, lineDrawing) = glyphBytes(cell.grapheme, glyphs: buffer.glyphs)
                var cellPen = rowPens[col]
                cellPen.lineDrawing = lineDrawing
                var next = col + max(cell.width, 1)
                var bytes = glyph
                if let repeated = controls.repeated, !lineDrawing, glyph.count == 1, cell.width == 1 {
                    let count = run(of: cell, at: (row, col), below: cols, changed: changed, in: buffer, pens: rowPens,
                                    lastRow: row == size.rows - 1 && cols == size.cols)
                    let repetition = repeated(glyph[0], count)
                    if repetition.count < count {
                        bytes = repetition
                        next = col + count
                        repeatedUpTo = next
                    }
                }
                add(row: row, col: col, pen: cellPen, bytes: bytes, end: next)
            }
        }
        return (pieces, pens)
    }

    /// The pieces' bytes with the moves and pen changes between them, top to bottom or, with
    /// `keepingThePen`, taking instead the next piece in the current pen whenever moving there
    /// costs less than the next piece's move and pen change.
    private mutating func write(_ pieces: [Piece], in buffer: ScreenBuffer, pens: [[TerminalPen]], size: TerminalSize,
                                keepingThePen: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        var written = Array(repeating: false, count: pieces.count)
        var first = 0
        while first < pieces.count {
            var index = first
            if keepingThePen, let pen, pieces[first].pen != pen,
               let same = pieces[first...].indices.first(where: { !written[$0] && pieces[$0].pen == pen }) {
                let next = pieces[first], other = pieces[same]
                let nextCost = path(to: (next.row, next.col), in: buffer, pens: pens[next.row]).count + controls.change(from: pen, to: next.pen).count
                if path(to: (other.row, other.col), in: buffer, pens: pens[other.row]).count < nextCost { index = same }
            }
            let piece = pieces[index]
            bytes += move(to: (piece.row, piece.col), in: buffer, pens: pens[piece.row])
            bytes += controls.change(from: pen, to: piece.pen)
            pen = piece.pen
            bytes += piece.bytes
            // At the right margin the terminal's cursor position is its own business.
            cursor = piece.end < size.cols ? (piece.row, piece.end) : nil
            written[index] = true
            while first < pieces.count, written[first] { first += 1 }
        }
        return bytes
    }

    /// How many cells from `col` on hold `cell` in its pen, up to the last changed one (those
    /// between are shown already; printing them again costs nothing in a repeat).
    private func run(of cell: Cell, at start: (row: Int, col: Int), below cols: Int, changed: [Bool], in buffer: ScreenBuffer,
                     pens: [TerminalPen], lastRow: Bool) -> Int {
        // The bottom-right cell is never part of a run where writing it scrolls.
        let end = lastRow && controls.lastCellScrolls ? cols - 1 : cols
        var count = 1
        var col = start.col + 1
        while col < end, buffer[start.row, col] == cell, pens[col] == pens[start.col] {
            col += 1
            if changed[col - 1] { count = col - start.col }
        }
        return count
    }

    /// Whether the row from `col` to its end is blanks that an erase in the first one's pen
    /// shows as they should look: one background (the terminal's own unless erased cells take
    /// the current one), no underline or reverse; bold and dim do not show on a blank.
    private func erasable(row: Int, from col: Int, in buffer: ScreenBuffer, pens: [TerminalPen]) -> Bool {
        let background = pens[col].background
        guard background < 0 || controls.backColorErase else { return false }
        return (col..<buffer.width).allSatisfy { col in
            buffer[row, col].grapheme == " " && buffer[row, col].width == 1 && pens[col].background == background
                && pens[col].attributes.isDisjoint(with: [.underline, .reverse])
        }
    }

    /// The pen for an appearance, less what the terminal cannot show with colours.
    private func pen(for appearance: StylePalette.Appearance) -> TerminalPen {
        var pen = TerminalPen(appearance, palette: palette)
        if pen.foreground >= 0 || pen.background >= 0 { pen.attributes.subtract(controls.noColorVideo) }
        return pen
    }

    /// The shortest way from the cursor to `target`: absolute, or relative (up or down, then
    /// left, right, to the column or to the row's start), where moving right may also print
    /// again the cells between when they are plain text in the current pen.
    private mutating func move(to target: (row: Int, col: Int), in buffer: ScreenBuffer, pens: [TerminalPen]) -> [UInt8] {
        defer { cursor = target }
        return path(to: target, in: buffer, pens: pens)
    }

    /// The bytes of that move, leaving the tracked cursor as it is.
    private func path(to target: (row: Int, col: Int), in buffer: ScreenBuffer, pens: [TerminalPen]) -> [UInt8] {
        if let cursor, cursor == target { return [] }
        var best = controls.moveTo(target.row, target.col)
        if let cursor, let vertical = vertical(from: cursor.row, to: target.row), vertical.count < best.count,
           let horizontal = horizontal(from: cursor.col, to: target.col, row: target.row, in: buffer, pens: pens, under: best.count - vertical.count) {
            best = vertical + horizontal
        }
        return best
    }

    /// Up or down on the same column; empty on the same row.
    private func vertical(from row: Int, to target: Int) -> [UInt8]? {
        if row == target { return [] }
        return row < target ? controls.down.by(target - row) : controls.up.by(row - target)
    }

    /// The shortest way along `row` from `col` to `target` if one is shorter than `limit`:
    /// right, left, to the column, or back to the row's start and right from there.
    private func horizontal(from col: Int, to target: Int, row: Int, in buffer: ScreenBuffer, pens: [TerminalPen], under limit: Int) -> [UInt8]? {
        if col == target { return [] }
        var best: [UInt8]?
        func consider(_ candidate: [UInt8]?) {
            if let candidate, candidate.count < best?.count ?? limit { best = candidate }
        }
        consider(col < target ? forward(from: col, to: target, row: row, in: buffer, pens: pens) : controls.left.by(col - target))
        consider(controls.column?(target))
        if col > target, let carriageReturn = controls.carriageReturn {
            consider(target == 0 ? carriageReturn : forward(from: 0, to: target, row: row, in: buffer, pens: pens).map { carriageReturn + $0 })
        }
        return best
    }

    /// Right from `col` to `target`: the move, or the cells between printed again.
    private func forward(from col: Int, to target: Int, row: Int, in buffer: ScreenBuffer, pens: [TerminalPen]) -> [UInt8]? {
        let move = controls.right.by(target - col)
        guard target - col < move?.count ?? .max, let reprint = reprinted(row: row, columns: col..<target, in: buffer, pens: pens) else { return move }
        return reprint.count < move?.count ?? .max ? reprint : move
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
