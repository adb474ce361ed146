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
    /// Where each item a highlight moves over (a test, a round) starts, heading lines that
    /// belong to it included (its panel's name, its day); empty for text that only scrolls.
    /// Pages move by these lines, not by a count of items: items take more than a line each.
    public var items: [Int]

    public init(
        lines: [StyledLine], focusLine: Int? = nil, focusColumn: Int = 0, pinned: Range<Int>? = nil, focusEnd: Int? = nil,
        items: [Int] = []
    ) {
        self.lines = lines
        self.focusLine = focusLine
        self.focusColumn = focusColumn
        self.pinned = pinned
        self.focusEnd = focusEnd
        self.items = items
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
            // With the heading lines that belong to it, where the focus line stays in view.
            if let start = items.last(where: { $0 <= focus }), start < first + pinnedRows(from: first, height: rows) {
                let top = top(showing: start, height: rows)
                if focus < top + rows { first = top }
            }
        }
        return max(0, first)
    }

    /// The item a page key highlights, from item `current`: the furthest one that ends within a
    /// page of rows (less the pinned header's) of where the current one ends, or starts within
    /// a page above where it starts. Every line between two pages is shown on one of them; a
    /// page always moves at least one item.
    public func page(from current: Int, forward: Bool, height: Int) -> Int {
        guard items.indices.contains(current) else { return current }
        // The rows the header covers once scrolled; none where it is too tall to pin.
        let covered = pinned.map { $0.count < height ? $0.count : 0 } ?? 0
        let step = max(1, height - covered)
        if forward {
            let limit = end(of: current) + step
            return min(items.count - 1, items.indices.last { $0 > current && end(of: $0) <= limit } ?? current + 1)
        }
        let limit = items[current] - step
        return max(0, items.indices.first { $0 < current && items[$0] >= limit } ?? current - 1)
    }

    private func end(of item: Int) -> Int { item + 1 < items.count ? items[item + 1] - 1 : lines.count - 1 }

    /// The first line to show so that `line` is the top row not under the pinned header: the
    /// header in its own place when `line` is just below it.
    private func top(showing line: Int, height: Int) -> Int {
        guard let pinned, pinned.count < height, line > pinned.lowerBound else { return line }
        return line <= pinned.upperBound ? pinned.lowerBound : line - pinned.count
    }
}
