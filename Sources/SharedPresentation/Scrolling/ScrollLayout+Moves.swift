/// How a position moves through a region and stays within it. The rules every region
/// shares, and the property tests check over generated content and every size:
/// - a page down starts on the line after the last one shown, a page up ends on the line
///   before the first one shown, so paging shows every line, never skipping one;
/// - `G` shows the last line, `g` the first;
/// - the chosen item is on screen after every move, wherever the window shows any item;
/// - what shows on screen moves on a key only as that key says (the choice follows it).
extension ScrollLayout {
    /// `position` moved by `move` in `height` rows.
    public func moved(_ position: ScrollPosition, _ move: ScrollMove, height: Int) -> ScrollPosition {
        let rows = max(1, height)
        // Kept within the content, not brought back to the chosen item: a key that scrolled
        // past the items (the lines after the last) must not be undone by the next.
        let current = ScrollPosition(offset: clamped(position.offset, height: rows), selected: clampedItem(position.selected))
        let shown = window(current.offset, height: rows)
        switch move {
        case .top:
            return ScrollPosition(offset: 0, selected: 0)
        case .bottom:
            return ScrollPosition(offset: lastOffset(height: rows), selected: max(0, items.count - 1))
        case .up, .down:
            let step = move == .down ? 1 : -1
            let byLine = ScrollPosition(offset: clamped(shown.body.lowerBound + step, height: rows), selected: current.selected)
            guard items.indices.contains(current.selected), shown.shows(items[current.selected].first) else {
                // The choice is off screen (scrolled past the items, or before them): the first
                // key chooses what shows; with no item in view the lines scroll by one.
                guard let first = firstItemShown(at: current.offset, height: rows) else { return byLine }
                return ScrollPosition(offset: current.offset, selected: move == .down ? first : lastItemShown(at: current.offset, height: rows))
            }
            let next = current.selected + step
            // No item that way: the lines before the first or after the last scroll by one.
            guard items.indices.contains(next) else { return byLine }
            return revealed(ScrollPosition(offset: current.offset, selected: next), height: rows)
        case .pageDown:
            guard shown.body.upperBound < lineCount else { return ScrollPosition(offset: current.offset, selected: max(0, items.count - 1)) }
            return choosing(in: clamped(shown.body.upperBound, height: rows), height: rows, fallback: current.selected)
        case .pageUp:
            guard shown.body.lowerBound > 0 else { return ScrollPosition(offset: 0, selected: 0) }
            return choosing(in: offset(endingOn: shown.body.lowerBound - 1, height: rows), height: rows, fallback: current.selected)
        }
    }

    /// `position` kept within the content, with the chosen item whole in view (as far as its
    /// first line stays on screen) and what must stay in view: after a resize, or content that
    /// arrived or changed (a dose just recorded, its follow-up line under it).
    public func fitted(_ position: ScrollPosition, height: Int) -> ScrollPosition {
        let rows = max(1, height)
        var fitted = ScrollPosition(offset: clamped(position.offset, height: rows), selected: clampedItem(position.selected))
        if items.indices.contains(fitted.selected), !items[fitted.selected].lines.allSatisfy(window(fitted.offset, height: rows).shows) {
            fitted = revealed(fitted, height: rows)
        }
        if let focus { fitted.offset = offset(revealing: focus, from: fitted.offset, height: rows) }
        return fitted
    }

    /// The first item whose own first line the window at `offset` shows; nil where it shows none.
    public func firstItemShown(at offset: Int, height: Int) -> Int? {
        let shown = window(offset, height: height)
        let next = items.firstIndex(startingAtOrAfter: shown.body.lowerBound)
        return next < items.endIndex && shown.body.contains(items[next].first) ? next : nil
    }

    /// The last item whose own first line the window at `offset` shows (one is known to).
    private func lastItemShown(at offset: Int, height: Int) -> Int {
        let shown = window(offset, height: height)
        return items.firstIndex(startingAtOrAfter: shown.body.upperBound) - 1
    }

    private func clampedItem(_ index: Int) -> Int { min(max(0, index), max(0, items.count - 1)) }

    /// The chosen item brought into view with the lines that belong to it, as far as its own
    /// first line stays on screen.
    func revealed(_ position: ScrollPosition, height: Int) -> ScrollPosition {
        guard items.indices.contains(position.selected) else { return position }
        let item = items[position.selected]
        var offset = offset(revealing: item.lines, from: position.offset, height: height)
        if !window(offset, height: height).shows(item.first) {
            offset = self.offset(revealing: item.own, from: offset, height: height)
        }
        return ScrollPosition(offset: offset, selected: position.selected)
    }

    /// The window at `offset` with an item in it chosen: the first whose own first line shows,
    /// else the one running through the window's top; `fallback` where no item shows.
    private func choosing(in offset: Int, height: Int, fallback: Int) -> ScrollPosition {
        if let first = firstItemShown(at: offset, height: height) { return ScrollPosition(offset: offset, selected: first) }
        let shown = window(offset, height: height)
        let through = items.firstIndex(startingAtOrAfter: shown.body.lowerBound) - 1
        let chosen = items.indices.contains(through) && shown.shows(anyOf: items[through].own) ? through : fallback
        return ScrollPosition(offset: offset, selected: chosen)
    }
}
