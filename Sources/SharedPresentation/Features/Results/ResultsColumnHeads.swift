import Foundation

/// What heads each collection shown on a Results page: its date (`11-26`) over its time
/// (`06:04`), as much as tells the columns apart. Where two of them would read alike (yearly
/// draws at the same clock time), a line of years goes above the dates, naming the year over
/// the first column and wherever it changes, as a calendar does; where two fall in the same
/// minute, their times carry the seconds (`06:04:30`). Otherwise a head is as short as before:
/// the title names the years the page spans.
struct ResultsColumnHeads {
    /// One shown column's head.
    struct Head {
        var year: String
        var date: String
        var time: String
    }

    /// In the order of the shown columns.
    let heads: [Head]
    /// A line of years is needed above the dates.
    let showsYears: Bool

    init(_ collections: [Date], shown: [Int], context: ViewContext) {
        let fields = shown.map { context.fields(collections[$0]) }
        let minutes = fields.map { [$0.year, $0.month, $0.day, $0.hour, $0.minute] }
        let clockTimes = fields.map { [$0.month, $0.day, $0.hour, $0.minute] }
        func isShared<Key: Equatable>(_ keys: [Key], _ position: Int) -> Bool {
            keys.indices.contains { $0 != position && keys[$0] == keys[position] }
        }
        let showsYears = clockTimes.indices.contains { isShared(clockTimes, $0) }
        self.showsYears = showsYears
        heads = fields.indices.map { position in
            let field = fields[position]
            let yearChanged = position == 0 || fields[position - 1].year != field.year
            return Head(year: showsYears && yearChanged ? CalendarFields.pad(field.year, to: 4) : "", date: field.monthDay,
                        time: isShared(minutes, position) ? field.timeWithSeconds : field.time)
        }
    }

    /// `columns` (the shown ones, in order) each at least as wide as its head.
    func widened(_ columns: [(index: Int, width: Int)]) -> [(index: Int, width: Int)] {
        zip(columns, heads).map { column, head in
            (column.index, max(column.width, DisplayWidth.cells(head.time), DisplayWidth.cells(head.year)))
        }
    }
}
