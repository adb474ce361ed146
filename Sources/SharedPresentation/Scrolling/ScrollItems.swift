/// The items of a scrolled region in line order: listed (each with its lines), or one per line
/// (the patient list, whose hundred thousand rows are never built as lines).
public struct ScrollItems: RandomAccessCollection, Equatable, Sendable {
    private let listed: [ScrollItem]?
    private let lineCount: Int

    public init(_ items: [ScrollItem]) {
        listed = items
        lineCount = 0
    }

    /// One item per line, `count` of them.
    public static func eachLine(_ count: Int) -> ScrollItems { ScrollItems(eachLine: count) }

    private init(eachLine count: Int) {
        listed = nil
        lineCount = count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { listed?.count ?? lineCount }

    public subscript(index: Int) -> ScrollItem { listed?[index] ?? ScrollItem(lines: index..<(index + 1)) }

    /// The first item whose own first line is at or after `line` (by halving: items are in
    /// line order), `endIndex` when none is.
    func firstIndex(startingAtOrAfter line: Int) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if self[middle].first < line { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
