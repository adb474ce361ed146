/// What a scrolled region shows at one position: the pinned header on its top rows (when it
/// is scrolled past) and the scrolled lines under it. The renderer draws exactly these lines,
/// `update` pages from them, and the indicator reports them, so what is counted is what is
/// drawn.
public struct ScrollWindow: Equatable, Sendable {
    /// Header lines drawn on the top rows; empty when the header is in its own place.
    public var header: Range<Int>
    /// The scrolled lines drawn under the header (or from the top row).
    public var body: Range<Int>
    /// How many lines the whole content has.
    public var lineCount: Int

    /// Every line drawn, top row first.
    public var lines: [Int] { Array(header) + Array(body) }

    /// Whether `line` is on screen.
    public func shows(_ line: Int) -> Bool { header.contains(line) || body.contains(line) }

    /// Whether any of `range` is on screen.
    public func shows(anyOf range: Range<Int>) -> Bool { header.overlaps(range) || body.overlaps(range) }

    /// The screen row (from the region's top) that shows `line`, nil when it is not drawn.
    public func row(of line: Int) -> Int? {
        if let index = header.firstIndex(of: line) { return index - header.lowerBound }
        return body.contains(line) ? header.count + line - body.lowerBound : nil
    }

    /// Every line is drawn: nothing to scroll.
    public var isWhole: Bool { header.isEmpty && body == 0..<lineCount }

    /// `21-36/80`: the scrolled lines drawn, of all; nil when everything shows.
    public var indicator: String? {
        guard !isWhole, !body.isEmpty else { return nil }
        return "\(body.lowerBound + 1)-\(body.upperBound)/\(lineCount)"
    }
}
