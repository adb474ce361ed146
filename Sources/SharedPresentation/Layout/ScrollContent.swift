/// What a scrollable region shows: its lines, and the line that must stay in view (the
/// highlighted row, or where typing goes) with the column the terminal cursor belongs at.
/// Views say where that line is; nothing infers it from styles.
public struct ScrollContent: Equatable, Sendable {
    public var lines: [StyledLine]
    public var focusLine: Int?
    public var focusColumn: Int
    /// Lines that stay at the top of the region once scrolled past (a table's column header),
    /// drawn over the first rows of what is scrolled under them.
    public var pinned: Range<Int>?
    /// The last line of the focused item when it wraps onto more than one (a MAR line whose
    /// recorded detail wrapped): shown with it, as far as the item's first line stays in view.
    public var focusEnd: Int?

    public init(lines: [StyledLine], focusLine: Int? = nil, focusColumn: Int = 0, pinned: Range<Int>? = nil, focusEnd: Int? = nil) {
        self.lines = lines
        self.focusLine = focusLine
        self.focusColumn = focusColumn
        self.pinned = pinned
        self.focusEnd = focusEnd
    }

    /// How many top rows the pinned lines cover when the region of `height` rows starts at line
    /// `first`. A region too short to show the header and a row beneath it pins nothing: the
    /// rows themselves come first.
    public func pinnedRows(from first: Int, height: Int) -> Int {
        guard let pinned, first > pinned.lowerBound, pinned.count < height else { return 0 }
        return pinned.count
    }

    /// The first line to show in `height` rows, from the offset the user scrolled to: never
    /// past the last screenful, never above the top, and moved just enough to show the focus
    /// line. The state stores this, so the next key moves from what is on screen.
    public func fit(_ offset: Int, height: Int) -> Int {
        let rows = max(1, height)
        var first = min(max(0, offset), max(0, lines.count - rows))
        if let focus = focusLine {
            if focus >= first + rows { first = focus - rows + 1 }
            if let end = focusEnd, end >= first + rows { first = min(focus, end - rows + 1) }
            // Not under the pinned header either.
            let covered = pinnedRows(from: first, height: rows)
            if focus < first + covered { first = focus - covered }
        }
        return max(0, first)
    }
}
