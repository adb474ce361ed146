import CoreUseCases
import Foundation

/// How the worksheet fits a width: the name, unit and range columns, which collections (from
/// `firstColumn`, older to the right) get a column, and what heads them. Shared by the view
/// that draws it and the update that pages by it, so `→` moves by exactly the columns on screen.
///
/// Nothing in a cell is cut: a collection's column is as wide as its widest cell (`Not
/// detected` whole), so a page shows fewer collections rather than shortened words; an answer
/// wider than the room beside the names, or a name wider than its column, goes on in its
/// column on the lines under it, by words (`ResultsCellText`).
struct ResultsLayout {
    static let minimumNameWidth = 8
    /// The widest a name gets before the collections have their columns.
    static let maximumNameWidth = 22
    static let timeWidth = 5
    /// Columns the names make room for before taking more width themselves.
    static let columnsBesideNames = 3

    /// What marks a collection (under its time) or a result (in its history) that arrived
    /// since the reader last opened this patient's results.
    static let newMark = "new"

    let worksheet: ResultsWorksheet
    let nameWidth: Int
    /// The unit and range columns' widths (`ResultsSideColumns`), 0 where no test has one.
    let unitWidth: Int
    let rangeWidth: Int
    /// The collections shown, as indices into `worksheet.collections`, with each one's width.
    let columns: [(index: Int, width: Int)]
    /// What heads each shown column, in `columns`' order.
    let heads: ResultsColumnHeads
    let context: ViewContext

    init(_ worksheet: ResultsWorksheet, firstColumn: Int, width: Int, context: ViewContext) {
        self.worksheet = worksheet
        self.context = context
        let tests = worksheet.tests
        var side = ResultsSideColumns(units: tests.map { Self.unit($0, context) }, ranges: tests.map { Self.range($0, context) })
        let widestName = tests.map { DisplayWidth.cells($0.name) }.max() ?? 0
        let first = min(max(0, firstColumn), max(0, worksheet.collections.count - 1))
        // Each collection measured once: the name's room, the wanted columns and the page ask
        // again for the first few, and measuring formats every test's cell in it.
        var measured: [Int: (natural: Int, least: Int)] = [:]
        func widths(_ index: Int) -> (natural: Int, least: Int) {
            if let known = measured[index] { return known }
            let fit = Self.widths(of: worksheet.collections[index], tests)
            measured[index] = fit
            return fit
        }
        // The name gives way (down to its minimum, its words going on under it) to the first few
        // columns: a worksheet is for comparing collections. It keeps room for its longest word,
        // so no word is cut, as long as one collection still fits beside it with the unit and
        // range given way.
        let least = worksheet.collections.isEmpty ? Self.timeWidth : widths(first).least
        let longestWord = min(tests.map { ResultsCellText.longestPiece($0.name) }.max() ?? 0, width - side.leastWidth - 1 - least)
        // What those columns want: every cell on one line, unless one cannot be even beside a
        // name kept whole (a 43-letter organism): that goes on under itself anyway, and wants
        // only its longest word, so no name is cut to make room that does not help it.
        let nameWhole = min(Self.maximumNameWidth, widestName)
        let wanted = (first..<min(worksheet.collections.count, first + Self.columnsBesideNames)).reduce(0) {
            let fit = widths($1)
            return $0 + 1 + (fit.natural <= width - side.width - nameWhole - 1 ? fit.natural : fit.least)
        }
        var nameWidth = max(Self.minimumNameWidth, longestWord, min(Self.maximumNameWidth, widestName, width - side.width - wanted))
        var used = nameWidth + side.width
        var columns: [(index: Int, width: Int)] = []
        for index in first..<worksheet.collections.count {
            let fit = widths(index)
            // The first collection always shows, as wide as the room allows (never narrower than
            // a value or a word in it): an answer wider than that goes on under itself.
            let columnWidth = columns.isEmpty ? max(fit.least, min(fit.natural, width - used - 1)) : fit.natural
            guard columns.isEmpty || used + 1 + columnWidth <= width else { break }
            columns.append((index, columnWidth))
            used += 1 + columnWidth
        }
        // A head that needs its seconds widens its column; the columns that then no longer fit go.
        var heads = ResultsColumnHeads(worksheet.collections, shown: columns.map(\.index), context: context)
        var widened = heads.widened(columns)
        while widened.count > 1, nameWidth + side.width + widened.reduce(0, { $0 + 1 + $1.width }) > width {
            columns.removeLast()
            heads = ResultsColumnHeads(worksheet.collections, shown: columns.map(\.index), context: context)
            widened = heads.widened(columns)
        }
        // One collection still too wide beside the rest: the unit and range give way, then the
        // name (its words hyphenated at the edge), so nothing is drawn past the edge.
        used = nameWidth + side.width + widened.reduce(0) { $0 + 1 + $1.width }
        if used > width {
            let left = side.giveWay(used - width)
            nameWidth = max(Self.minimumNameWidth, nameWidth - left)
            used = nameWidth + side.width + widened.reduce(0) { $0 + 1 + $1.width }
        }
        self.columns = widened
        self.heads = heads
        unitWidth = side.unit
        rangeWidth = side.range
        // Width the columns leave over goes back to the names, whole when it is enough: the
        // maximum above only keeps names from taking a collection's place.
        self.nameWidth = nameWidth + max(0, min(width - used, widestName - nameWidth))
    }

    /// Title, then the year line when one is needed (`ResultsColumnHeads`), date and time,
    /// then `new` under the collections holding a result new to the reader when there is one:
    /// pinned above the rows as they scroll.
    var headerLines: Int { 3 + (heads.showsYears ? 1 : 0) + (worksheet.hasNew ? 1 : 0) }

    /// The `firstColumn` of the page before the one starting at `first`: as many newer
    /// collections as fit, ending just before it.
    static func previousPage(_ worksheet: ResultsWorksheet, before first: Int, width: Int, context: ViewContext) -> Int {
        var start = max(0, first - 1)
        while start > 0, ResultsLayout(worksheet, firstColumn: start - 1, width: width, context: context).columns.last.map({ $0.index >= first - 1 }) == true {
            start -= 1
        }
        return start
    }

    /// A test's name in its column, on as many lines as it takes (`ResultsCellText.lines`): a
    /// name is words, never a value, and no part of it is dropped or cut.
    func nameLines(_ test: ResultTest) -> [String] {
        ResultsCellText.lines(test.name, width: nameWidth)
    }

    /// A cell on as many lines as its column needs: the value and flag, `*` when not final,
    /// `(error)` when entered in error; an answer in words whole.
    func cellLines(_ test: ResultTest, _ column: (index: Int, width: Int)) -> [String] {
        ResultsCellText.lines(Self.cell(test.result(at: worksheet.collections[column.index]), test: test.key), width: column.width)
    }

    /// The unit and the range on as many lines as their columns need.
    func unitLines(_ test: ResultTest) -> [String] {
        ResultsCellText.lines(Self.unit(test, context), width: unitWidth)
    }

    func rangeLines(_ test: ResultTest) -> [String] {
        ResultsCellText.lines(Self.range(test, context), width: rangeWidth)
    }

    static func cell(_ result: LabResult?, test: String) -> String {
        guard let result else { return "" }
        if result.isEnteredInError { return "(error)" }
        let text = LabValueText.valueWithFlag(result, test: test)
        return result.status == .final ? text : text + "*"
    }

    static func unit(_ test: ResultTest, _ context: ViewContext) -> String {
        test.latest?.unit.flatMap { UnitText.display($0, unicode: context.unicode) } ?? ""
    }

    /// The newest result's range, `ward 3.5-5.1` where it is the ward's (the lab sent none).
    static func range(_ test: ResultTest, _ context: ViewContext) -> String {
        guard let latest = test.latest, let text = LabValueText.range(latest.range, unicode: context.unicode) else { return "" }
        return latest.isWardRange ? wardMark + " " + text : text
    }

    /// Before a range that is the ward's own.
    static let wardMark = "ward"



    /// A collection's width with every cell on one line (`natural`), and the least it takes
    /// (`least`): its widest value, which is never broken, or the longest word of an answer in words.
    private static func widths(of time: Date, _ tests: [ResultTest]) -> (natural: Int, least: Int) {
        var natural = timeWidth, least = timeWidth
        for test in tests {
            let result = test.result(at: time)
            let text = cell(result, test: test.key)
            let cells = DisplayWidth.cells(text)
            natural = max(natural, cells)
            least = max(least, result?.isInWords == true ? ResultsCellText.longestPiece(text) : cells)
        }
        return (natural, least)
    }
}

private extension LabResult {
    /// An answer or a reason in words, which may go on under itself in its cell.
    var isInWords: Bool {
        switch value {
        case .text, .absent: !isEnteredInError
        case .quantity, .none: false
        }
    }
}
