import SharedPresentation

/// A clipped drawing surface over part of a `ScreenBuffer`, in local coordinates: (0, 0) is
/// the corner of its rectangle and nothing is ever written outside it, so a pane renderer
/// cannot spill into its neighbour. Obtain one with `ScreenBuffer.draw(in:_:)`.
public struct Canvas {
    var buffer: ScreenBuffer
    let clip: Rect

    public var width: Int { clip.width }
    public var height: Int { clip.height }
    public var bounds: Rect { Rect(row: 0, col: 0, height: height, width: width) }
    public var glyphs: Glyphs { buffer.glyphs }

    /// The cell at a local position, or nil outside the canvas.
    public subscript(row: Int, col: Int) -> Cell? {
        bounds.contains(row: row, col: col) ? buffer[clip.row + row, clip.col + col] : nil
    }

    /// Draws in a part of this canvas (local coordinates), clipped to both.
    @discardableResult
    public mutating func draw<Result>(in rect: Rect, _ body: (inout Canvas) throws -> Result) rethrows -> Result {
        let absolute = Rect(row: clip.row + rect.row, col: clip.col + rect.col, height: rect.height, width: rect.width)
        var inner = Canvas(buffer: ScreenBuffer(width: 0, height: 0, glyphs: glyphs), clip: absolute.intersection(clip))
        swap(&inner.buffer, &buffer)
        defer { swap(&inner.buffer, &buffer) }
        return try body(&inner)
    }

    /// Cells `text` takes with this canvas's glyphs.
    public func displayWidth(of text: String) -> Int { glyphs.displayWidth(of: text) }

    /// Writes `text` at (row, col) within `width` cells (to the canvas edge by default).
    /// Returns the number of cells written. A wide grapheme that does not fit entirely is
    /// replaced by a blank, never cut in half.
    @discardableResult
    public mutating func text(
        _ text: String, row: Int, col: Int, width: Int? = nil, style: Style = .normal, overflow: TextOverflow = .clip
    ) -> Int {
        let room = min(width ?? (self.width - col), self.width - col)
        guard room > 0, row >= 0, row < height else { return 0 }
        var graphemes = DisplayText(text, unicode: glyphs.isUnicode).graphemes
        let total = graphemes.reduce(0) { $0 + $1.width }
        if total > room, overflow == .ellipsis {
            let mark = DisplayText(glyphs.ellipsis, unicode: glyphs.isUnicode).graphemes
            let markWidth = mark.reduce(0) { $0 + $1.width }
            if markWidth <= room {
                graphemes = Self.prefix(graphemes, fitting: room - markWidth) + mark
            }
        }
        var x = col
        for grapheme in graphemes {
            if x + grapheme.width > col + room {
                while x < col + room { put(Cell.blank(style), row: row, col: x); x += 1 }
                break
            }
            if x < 0 {
                // Starts left of the canvas: show only the whole cells that land inside.
                for position in x..<(x + grapheme.width) where position >= 0 { put(.blank(style), row: row, col: position) }
            } else {
                put(Cell(grapheme: grapheme.character, width: grapheme.width, style: style), row: row, col: x)
            }
            x += grapheme.width
        }
        return max(0, x - max(col, 0))
    }

    /// Fills `rect` (the whole canvas by default) with `character` in `style`.
    public mutating func fill(_ rect: Rect? = nil, style: Style = .normal, with character: Character = " ") {
        let area = (rect ?? bounds).intersection(bounds)
        for row in area.row..<area.bottom {
            for col in area.col..<area.right { put(Cell(grapheme: character, style: style), row: row, col: col) }
        }
    }

    /// Gives every cell of `rect` a new style, keeping its text (e.g. highlighting a row).
    public mutating func restyle(_ rect: Rect, style: Style) {
        let area = rect.intersection(bounds)
        for row in area.row..<area.bottom {
            for col in area.col..<area.right { buffer.restyle(row: clip.row + row, col: clip.col + col, style: style) }
        }
    }

    /// A horizontal rule from (row, col), `width` cells long (to the edge by default).
    public mutating func horizontalLine(row: Int, col: Int = 0, width: Int? = nil, style: Style = .border) {
        fill(Rect(row: row, col: col, height: 1, width: width ?? (self.width - col)), style: style, with: glyphs.horizontal)
    }

    /// A vertical rule from (row, col), `height` cells long (to the edge by default).
    public mutating func verticalLine(row: Int = 0, col: Int, height: Int? = nil, style: Style = .border) {
        fill(Rect(row: row, col: col, height: height ?? (self.height - row), width: 1), style: style, with: glyphs.vertical)
    }

    /// Frames `rect` (the whole canvas by default) with an optional title in the top edge,
    /// shortened with an ellipsis when the frame is narrow. Returns the interior rectangle.
    @discardableResult
    public mutating func box(_ rect: Rect? = nil, title: String? = nil, style: Style = .border, titleStyle: Style? = nil) -> Rect {
        let frame = rect ?? bounds
        guard frame.width >= 2, frame.height >= 2 else { return Rect(row: frame.row, col: frame.col, height: 0, width: 0) }
        horizontalLine(row: frame.row, col: frame.col + 1, width: frame.width - 2, style: style)
        horizontalLine(row: frame.bottom - 1, col: frame.col + 1, width: frame.width - 2, style: style)
        verticalLine(row: frame.row + 1, col: frame.col, height: frame.height - 2, style: style)
        verticalLine(row: frame.row + 1, col: frame.right - 1, height: frame.height - 2, style: style)
        corner(glyphs.topLeft, row: frame.row, col: frame.col, style: style)
        corner(glyphs.topRight, row: frame.row, col: frame.right - 1, style: style)
        corner(glyphs.bottomLeft, row: frame.bottom - 1, col: frame.col, style: style)
        corner(glyphs.bottomRight, row: frame.bottom - 1, col: frame.right - 1, style: style)
        if let title, !title.isEmpty, frame.width >= 5 {
            text(" \(title) ", row: frame.row, col: frame.col + 1, width: frame.width - 2,
                 style: titleStyle ?? style, overflow: .ellipsis)
        }
        return frame.inset(by: 1)
    }

    private mutating func corner(_ glyph: Character, row: Int, col: Int, style: Style) {
        fill(Rect(row: row, col: col, height: 1, width: 1), style: style, with: glyph)
    }

    /// Writes a cell at a local position if it fits entirely inside the canvas.
    private mutating func put(_ cell: Cell, row: Int, col: Int) {
        guard row >= 0, row < height, col >= 0, col + max(cell.width, 1) <= width else { return }
        buffer.put(cell, row: clip.row + row, col: clip.col + col)
    }

    private static func prefix(_ graphemes: [DisplayText.Grapheme], fitting room: Int) -> [DisplayText.Grapheme] {
        var used = 0
        return Array(graphemes.prefix { grapheme in
            used += grapheme.width
            return used <= room
        })
    }
}
