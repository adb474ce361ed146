/// The shape of a scrolled region's content, which is all that moving through it needs: how
/// many lines, the header that pins once scrolled past, the items, and what must stay in view.
/// `window` is what a position shows; `ScrollLayout+Moves` how keys move a position.
public struct ScrollLayout: Equatable, Sendable {
    public var lineCount: Int
    public var pinned: Range<Int>?
    /// Within `pinned`: what pins when all of it cannot (`ScrollContent.pinnedWhenShort`).
    public var pinnedWhenShort: Range<Int>?
    public var items: ScrollItems
    public var focus: Range<Int>?

    public init(
        lineCount: Int, pinned: Range<Int>? = nil, pinnedWhenShort: Range<Int>? = nil, items: ScrollItems = ScrollItems([]),
        focus: Range<Int>? = nil
    ) {
        self.lineCount = lineCount
        self.pinned = pinned.flatMap { $0.isEmpty || $0.upperBound > lineCount ? nil : $0 }
        self.pinnedWhenShort = pinnedWhenShort.flatMap { $0.isEmpty || $0.upperBound > lineCount ? nil : $0 }
        self.items = items
        self.focus = focus
    }

    /// The header pins wherever a row stays under it: a value is never read without the column
    /// it is in (a result without its collection's time), however short the region. Where the
    /// whole header would take more rows than it leaves, the lines a value is read by pin alone.
    func pinnedHeader(height: Int) -> Range<Int>? {
        if let pinned, height >= 2 * pinned.count { return pinned }
        if let least = pinnedWhenShort, height > least.count { return least }
        if let pinned, height > pinned.count { return pinned }
        return nil
    }

    /// What `height` rows show from `offset` (which is first kept within the content).
    public func window(_ offset: Int, height: Int) -> ScrollWindow {
        let rows = max(1, height)
        let first = clamped(offset, height: rows)
        if let header = pinnedHeader(height: rows), first > header.lowerBound {
            return ScrollWindow(header: header, body: first..<min(lineCount, first + rows - header.count), lineCount: lineCount)
        }
        return ScrollWindow(header: 0..<0, body: first..<min(lineCount, first + rows), lineCount: lineCount)
    }

    /// The offset whose window shows `line` on its first scrolled row (or the last screenful).
    public func offset(showingFrom line: Int, height: Int) -> Int { clamped(line, height: max(1, height)) }

    /// The offset of the last screenful: the window there shows the last line.
    func lastOffset(height: Int) -> Int {
        let natural = max(0, lineCount - height)
        guard let header = pinnedHeader(height: height), natural > header.lowerBound else { return natural }
        return lineCount - (height - header.count)
    }

    /// `offset` within the content. An offset inside the header, once pinned, would draw its
    /// lines twice; it shows what the header's own place shows, so it is that.
    func clamped(_ offset: Int, height: Int) -> Int {
        let first = min(max(0, offset), lastOffset(height: height))
        if let header = pinnedHeader(height: height), first > header.lowerBound, first <= header.upperBound { return header.lowerBound }
        return first
    }

    /// The offset whose window ends on `line`: with the header pinned over it when the window
    /// is past the header, in the header's own place otherwise.
    func offset(endingOn line: Int, height: Int) -> Int {
        if let header = pinnedHeader(height: height) {
            let pinnedFirst = line - (height - header.count) + 1
            if pinnedFirst > header.upperBound { return clamped(pinnedFirst, height: height) }
        }
        return clamped(line - height + 1, height: height)
    }

    /// The least move from `offset` that shows all of `range`, or (taller than the window) its
    /// first line on the top row under the header.
    func offset(revealing range: Range<Int>, from offset: Int, height: Int) -> Int {
        let shown = window(offset, height: height)
        guard !range.isEmpty, !range.allSatisfy(shown.shows) else { return shown.body.lowerBound }
        let start = clamped(range.lowerBound, height: height)
        if range.lowerBound < shown.body.lowerBound { return start }
        return min(self.offset(endingOn: range.upperBound - 1, height: height), start)
    }
}
