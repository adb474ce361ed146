/// One thing a highlight moves over in a scrolled region (a dose, a round, a test, a patient):
/// its own lines, and the lines above them that belong with it (its day, its panel's name).
public struct ScrollItem: Equatable, Sendable {
    /// From its heading (or its own first line) to its last line.
    public var lines: Range<Int>
    /// Its own first line: where the highlight and the terminal cursor are, and what must be
    /// on screen for the item to be seen.
    public var first: Int

    public init(lines: Range<Int>, first: Int? = nil) {
        self.lines = lines
        self.first = first ?? lines.lowerBound
    }

    /// Its own lines, without the heading.
    public var own: Range<Int> { first..<max(first + 1, lines.upperBound) }

    /// Items from where each starts (`starts[i]`, its heading included) and where its own lines
    /// begin (`firsts[i]`), each running to the next one's start, the last to `end`.
    public static func items(starts: [Int], firsts: [Int], end: Int) -> [ScrollItem] {
        starts.indices.map { index in
            let upper = index + 1 < starts.count ? starts[index + 1] : end
            return ScrollItem(lines: starts[index]..<max(upper, firsts[index] + 1), first: firsts[index])
        }
    }
}
