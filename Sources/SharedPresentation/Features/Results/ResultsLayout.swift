import CoreUseCases

/// How the worksheet fits a width: the name, unit and range columns, and which collections
/// (from `firstColumn`, older to the right) get a column. Shared by the view that draws it and
/// the update that pages by it, so `→` moves by exactly the columns on screen.
struct ResultsLayout {
    /// Title, date and time lines, and `new` under the collections holding a result new to
    /// the reader when there is one: pinned above the rows as they scroll.
    static func headerLines(_ worksheet: ResultsWorksheet?) -> Int { worksheet?.hasNew == true ? 4 : 3 }
    static let minimumNameWidth = 8
    /// The widest a name gets before the collections have their columns.
    static let maximumNameWidth = 22
    /// Words in a cell ("Not detected") are shortened to this; numbers never are.
    static let maximumTextCell = 12
    static let timeWidth = 5
    /// Columns the names make room for before taking more width themselves.
    static let columnsBesideNames = 3

    /// What marks a collection (under its time) or a result (in its history) that arrived
    /// since the reader last opened this patient's results.
    static let newMark = "new"

    let worksheet: ResultsWorksheet
    private(set) var nameWidth: Int
    let unitWidth: Int
    let rangeWidth: Int
    /// The collections shown, as indices into `worksheet.collections`, with each one's width.
    let columns: [(index: Int, width: Int)]
    let context: ViewContext

    init(_ worksheet: ResultsWorksheet, firstColumn: Int, width: Int, context: ViewContext) {
        self.worksheet = worksheet
        self.context = context
        let tests = worksheet.tests
        unitWidth = tests.map { DisplayWidth.cells(Self.unit($0, context)) }.max() ?? 0
        rangeWidth = tests.map { DisplayWidth.cells(Self.range($0, context)) }.max() ?? 0
        let widestName = tests.map { DisplayWidth.cells($0.name) }.max() ?? 0
        let fixed = 1 + unitWidth + 1 + rangeWidth
        let first = min(max(0, firstColumn), max(0, worksheet.collections.count - 1))
        // The name gives way (down to its minimum, words shortened) to the first few columns:
        // a worksheet is for comparing collections.
        let wanted = (first..<min(worksheet.collections.count, first + Self.columnsBesideNames)).reduce(0) {
            $0 + 1 + Self.columnWidth($1, worksheet, context)
        }
        nameWidth = max(Self.minimumNameWidth, min(Self.maximumNameWidth, widestName, width - fixed - wanted))
        var used = nameWidth + fixed
        var columns: [(index: Int, width: Int)] = []
        for index in first..<worksheet.collections.count {
            let columnWidth = Self.columnWidth(index, worksheet, context)
            guard columns.isEmpty || used + 1 + columnWidth <= width else { break }
            columns.append((index, columnWidth))
            used += 1 + columnWidth
        }
        self.columns = columns
        // Width the columns leave over goes back to the names, whole when it is enough: the
        // maximum above only keeps names from taking a collection's place.
        nameWidth += max(0, min(width - used, widestName - nameWidth))
    }

    /// The `firstColumn` of the page before the one starting at `first`: as many newer
    /// collections as fit, ending just before it.
    static func previousPage(_ worksheet: ResultsWorksheet, before first: Int, width: Int, context: ViewContext) -> Int {
        var start = max(0, first - 1)
        while start > 0, ResultsLayout(worksheet, firstColumn: start - 1, width: width, context: context).columns.last.map({ $0.index >= first - 1 }) == true {
            start -= 1
        }
        return start
    }

    /// A test's name in its column: on one line with words shortened when that fits; else the
    /// whole words go on under themselves (shortening a word that wraps anyway only hides it),
    /// a word wider than the column broken after a hyphen or slash, or at the edge. A name is
    /// words, never a value, and no part of it is dropped; the values keep their columns.
    func nameLines(_ test: ResultTest) -> [String] {
        let fitted = TextFitting.fit(test.name, width: nameWidth, unicode: context.unicode)
        if DisplayWidth.cells(fitted) <= nameWidth { return [fitted] }
        return LineWrapping.wrap([Span(test.name)], width: nameWidth).flatMap { line in
            LineWrapping.broken(line.spans.map(\.text).joined(), width: nameWidth)
        }
    }

    /// A cell: the value and flag, `*` when not final, `(error)` when entered in error.
    func cell(_ test: ResultTest, _ index: Int) -> String {
        Self.cell(test.result(at: worksheet.collections[index]), test: test.key, context)
    }

    static func cell(_ result: LabResult?, test: String, _ context: ViewContext) -> String {
        guard let result else { return "" }
        if result.isEnteredInError { return "(error)" }
        let text = TextFitting.fit(LabValueText.valueWithFlag(result, test: test), width: maximumTextCell, unicode: context.unicode)
        return result.status == .final ? text : text + "*"
    }

    static func unit(_ test: ResultTest, _ context: ViewContext) -> String {
        test.latest?.unit.flatMap { UnitText.display($0, unicode: context.unicode) } ?? ""
    }

    static func range(_ test: ResultTest, _ context: ViewContext) -> String {
        let text = LabValueText.range(test.latest?.range, unicode: context.unicode) ?? ""
        return TextFitting.fit(text, width: maximumTextCell, unicode: context.unicode)
    }

    private static func columnWidth(_ index: Int, _ worksheet: ResultsWorksheet, _ context: ViewContext) -> Int {
        let time = worksheet.collections[index]
        let widest = worksheet.tests.map { DisplayWidth.cells(cell($0.result(at: time), test: $0.key, context)) }.max() ?? 0
        return max(timeWidth, widest)
    }
}
