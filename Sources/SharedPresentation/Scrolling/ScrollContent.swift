/// What a scrolled region holds: its lines as they are drawn (wrapped), the header that stays
/// on top once scrolled past, the items a highlight moves over, what must stay in view and
/// where the terminal cursor goes. Its `layout` is the one scroll model every region moves
/// and draws through.
public struct ScrollContent: Equatable, Sendable {
    public var lines: [StyledLine]
    /// Lines that stay at the top of the region once scrolled past (a table's column header),
    /// with the scrolled lines under them, never over them.
    public var pinned: Range<Int>?
    /// The header's lines that pin when the whole header cannot with a row under it (a short
    /// region): those a value is read by, such as a collection's date and time or a table's
    /// column names. The rest of the header then scrolls with the rows.
    public var pinnedWhenShort: Range<Int>?
    /// The items a highlight moves over, in line order; empty for text that only scrolls.
    public var items: [ScrollItem]
    /// Lines that must be in view whatever else moves (a field typed into, with its refusal).
    public var focus: Range<Int>?
    /// Where the terminal cursor goes when no item is chosen (the field typed into).
    public var cursorLine: Int?
    public var cursorColumn: Int

    public init(
        lines: [StyledLine], pinned: Range<Int>? = nil, pinnedWhenShort: Range<Int>? = nil, items: [ScrollItem] = [],
        focus: Range<Int>? = nil, cursorLine: Int? = nil, cursorColumn: Int = 0
    ) {
        self.lines = lines
        self.pinned = pinned
        self.pinnedWhenShort = pinnedWhenShort
        self.items = items
        self.focus = focus
        self.cursorLine = cursorLine
        self.cursorColumn = cursorColumn
    }

    /// The content's shape, without its text: what positions move through.
    public var layout: ScrollLayout {
        ScrollLayout(lineCount: lines.count, pinned: pinned, pinnedWhenShort: pinnedWhenShort, items: ScrollItems(items), focus: focus)
    }

    /// What `height` rows show from `offset`.
    public func window(_ offset: Int, height: Int) -> ScrollWindow { layout.window(offset, height: height) }

    /// `position` moved by `move` in `height` rows.
    public func moved(_ position: ScrollPosition, _ move: ScrollMove, height: Int) -> ScrollPosition {
        layout.moved(position, move, height: height)
    }

    /// `position` kept within the content, with its chosen item and focus in view, and the line
    /// typed into above all.
    public func fitted(_ position: ScrollPosition, height: Int) -> ScrollPosition {
        let layout = layout
        var fitted = layout.fitted(position, height: height)
        if let cursorLine, !layout.window(fitted.offset, height: height).shows(cursorLine) {
            fitted.offset = layout.offset(revealing: cursorLine..<(cursorLine + 1), from: fitted.offset, height: height)
        }
        return fitted
    }

    /// The line the terminal cursor goes to at `position`: the chosen item's first line, or
    /// the field typed into.
    public func cursor(at position: ScrollPosition) -> Int? {
        items.indices.contains(position.selected) ? items[position.selected].first : cursorLine
    }
}
