import SharedPresentation

/// What the screen should show, as a grid of styled cells. Renderers draw into it through a
/// `Canvas`; `CursesTerminal` presents it, sending only what changed since the last frame.
/// A plain value: easy to build in tests, compare, and snapshot without a terminal.
public struct ScreenBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Box, sparkline and text repertoire, fixed for the buffer's life.
    public let glyphs: Glyphs
    private var cells: [Cell]

    public init(width: Int, height: Int, glyphs: Glyphs = .unicode, style: Style = .normal) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.glyphs = glyphs
        cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    public var bounds: Rect { Rect(row: 0, col: 0, height: height, width: width) }

    /// The cell at (row, col); the position must be inside the buffer.
    public subscript(row: Int, col: Int) -> Cell {
        precondition(bounds.contains(row: row, col: col), "cell (\(row), \(col)) outside \(width)x\(height)")
        return cells[row * width + col]
    }

    /// Draws inside `rect` (the whole buffer by default) through a canvas whose coordinates
    /// start at the rectangle's corner and which cannot write outside it.
    @discardableResult
    public mutating func draw<Result>(in rect: Rect? = nil, _ body: (inout Canvas) throws -> Result) rethrows -> Result {
        var canvas = Canvas(buffer: ScreenBuffer(width: 0, height: 0, glyphs: glyphs), clip: (rect ?? bounds).intersection(bounds))
        // Swapping moves the storage into the canvas and back, so drawing never copies it.
        swap(&canvas.buffer, &self)
        defer { swap(&canvas.buffer, &self) }
        return try body(&canvas)
    }

    /// The buffer as plain text, one string per row (wide graphemes appear once).
    public func textSnapshot() -> [String] {
        (0..<height).map { row in
            String((0..<width).lazy.map { self[row, $0] }.filter { !$0.isContinuation }.map(\.grapheme))
        }
    }

    /// One `Style.snapshotCode` per cell, one string per row (continuations included).
    public func styleSnapshot() -> [String] {
        (0..<height).map { row in String((0..<width).map { self[row, $0].style.snapshotCode }) }
    }

    /// Writes one cell, blanking the other half of any wide grapheme it cuts through, so the
    /// grid never holds half a wide character.
    mutating func put(_ cell: Cell, row: Int, col: Int) {
        let index = row * width + col
        let covered = col..<(col + max(cell.width, 1))
        for position in covered {
            let old = cells[row * width + position]
            if old.isContinuation, position > 0, !covered.contains(position - 1) {
                cells[row * width + position - 1] = .blank(cells[row * width + position - 1].style)
            }
            if old.width == 2, position + 1 < width, !covered.contains(position + 1) {
                cells[row * width + position + 1] = .blank(old.style)
            }
        }
        cells[index] = cell
        if cell.width == 2 { cells[index + 1] = .continuation(cell.style) }
    }

    /// Changes the style of the cell at (row, col) and of the other half of a wide grapheme.
    mutating func restyle(row: Int, col: Int, style: Style) {
        let index = row * width + col
        cells[index].style = style
        if cells[index].isContinuation, col > 0 { cells[index - 1].style = style }
        if cells[index].width == 2, col + 1 < width { cells[index + 1].style = style }
    }
}
