import CoreDomain
import CoreUseCases

/// The Results tab: the cumulative worksheet (a row per test grouped by panel, a column per
/// collection, newest first, `new` under those holding a result the reader has not seen, then
/// unit and range), or the chosen test's history.
public enum ResultsView {
    public static func content(_ state: ResultsState, width: Int, context: ViewContext) -> ScrollContent {
        switch state.worksheet {
        case .loading: return ScrollContent(lines: [StyledLine("loading…", .dim)])
        case let .failed(message): return ScrollContent(lines: [StyledLine(message, .critical)])
        case let .loaded(worksheet):
            guard !worksheet.isEmpty else { return ScrollContent(lines: [StyledLine("No laboratory results recorded.", .dim)]) }
            let tests = worksheet.tests
            let selected = min(max(0, state.selectedTest), tests.count - 1)
            if state.isHistoryOpen { return ScrollContent(lines: ResultHistoryView.lines(tests[selected], width: width, context: context)) }
            return worksheetContent(worksheet, selected: selected, firstColumn: state.firstColumn, width: width, context: context)
        }
    }

    private static func worksheetContent(
        _ worksheet: ResultsWorksheet, selected: Int, firstColumn: Int, width: Int, context: ViewContext
    ) -> ScrollContent {
        let layout = ResultsLayout(worksheet, firstColumn: firstColumn, width: width, context: context)
        var lines = header(layout, width: width, context: context)
        var row = 0
        var isAnyNotFinal = false, isAnyWardRange = false
        // Each test's lines: the first of a panel with the panel's heading.
        var items: [ScrollItem] = []
        for panel in worksheet.panels {
            let heading = lines.count
            lines += LineWrapping.wrap([Span(panel.title, .accent)], width: width)
            if let conclusion = panel.conclusion {
                lines += LineWrapping.wrap([Span(conclusion, .dim)], width: width - 2).map { StyledLine([Span("  ")] + $0.spans) }
            }
            for (index, test) in panel.tests.enumerated() {
                let start = index == 0 ? heading : lines.count, first = lines.count
                let results = layout.columns.map { test.result(at: worksheet.collections[$0.index]) }
                isAnyNotFinal = isAnyNotFinal || results.contains { $0.map { $0.status != .final && !$0.isEnteredInError } ?? false }
                isAnyWardRange = isAnyWardRange || test.latest?.isWardRange == true
                var rowLines = rowLines(test, results: results, layout: layout)
                if row == selected { rowLines = rowLines.map { $0.map { Span($0.text, .selected) } } }
                lines += rowLines.map(StyledLine.init)
                items.append(ScrollItem(lines: start..<lines.count, first: first))
                row += 1
            }
        }
        if isAnyNotFinal {
            lines += LineWrapping.wrap([Span("* not final: Enter shows its status", .dim)], width: width)
        }
        if isAnyWardRange {
            lines += LineWrapping.wrap([Span("\(ResultsLayout.wardMark): the ward's range, the laboratory sent none", .dim)], width: width)
        }
        // On a short region the heads alone pin: the year where shown, the date and the time.
        let heads = 1..<(3 + (layout.heads.showsYears ? 1 : 0))
        return ScrollContent(lines: lines, pinned: 0..<layout.headerLines, pinnedWhenShort: heads, items: items)
    }

    /// A test's row: name, a cell per shown collection, unit and range, each in its column and
    /// going on under itself when it is too wide for it (the row as tall as its tallest cell).
    private static func rowLines(_ test: ResultTest, results: [LabResult?], layout: ResultsLayout) -> [[Span]] {
        let name = layout.nameLines(test)
        let cells = layout.columns.map { layout.cellLines(test, $0) }
        let unit = layout.unitLines(test), range = layout.rangeLines(test)
        let height = max(name.count, unit.count, range.count, cells.map(\.count).max() ?? 1)
        return (0..<height).map { line in
            var spans = [Span(pad(line < name.count ? name[line] : "", layout.nameWidth))]
            for (position, column) in layout.columns.enumerated() {
                let text = line < cells[position].count ? cells[position][line] : ""
                spans += [Span(" "), Span(pad(text, column.width), role(results[position]))]
            }
            if layout.unitWidth > 0 { spans += [Span(" "), Span(pad(line < unit.count ? unit[line] : "", layout.unitWidth), .dim)] }
            if layout.rangeWidth > 0 { spans += [Span(" "), Span(line < range.count ? range[line] : "", .dim)] }
            return withoutTrailingBlanks(spans)
        }
    }

    /// Which collections show ("3 of 11"), then each column's head (`ResultsColumnHeads`).
    private static func header(_ layout: ResultsLayout, width: Int, context: ViewContext) -> [StyledLine] {
        let collections = layout.worksheet.collections
        let shown = layout.columns.map(\.index)
        var title = ""
        if let first = shown.first, let last = shown.last {
            title = collections.count == shown.count
                ? "\(collections.count) collection" + (collections.count == 1 ? "" : "s")
                : "\(first + 1)-\(last + 1) of \(collections.count) collections"
            let years = Set(shown.map { String(context.date(collections[$0]).prefix(4)) }).sorted()
            title += " · " + years.joined(separator: "-")
        }
        var hints: [String] = []
        if let last = shown.last, last < collections.count - 1 { hints.append("→ older") }
        if let first = shown.first, first > 0 { hints.append("← newer") }
        var lines = LineWrapping.wrap([Span(title, .accent)] + (hints.isEmpty ? [] : [Span(" · " + hints.joined(separator: " "), .dim)]), width: width)
        lines = Array(lines.prefix(1))
        let blank = Span(pad("", layout.nameWidth))
        var years = [blank], dates = [blank], times = [Span(pad("Test", layout.nameWidth), .accent)], new = [blank]
        for (column, head) in zip(layout.columns, layout.heads.heads) {
            years += [Span(" "), Span(pad(head.year, column.width), .accent)]
            dates += [Span(" "), Span(pad(head.date, column.width), .accent)]
            times += [Span(" "), Span(pad(head.time, column.width), .dim)]
            new += [Span(" "), Span(pad(layout.worksheet.hasNew(at: collections[column.index]) ? ResultsLayout.newMark : "", column.width), .accent)]
        }
        if layout.unitWidth > 0 { times += [Span(" "), Span(pad(ResultsSideColumns.unitHead, layout.unitWidth), .dim)] }
        if layout.rangeWidth > 0 { times += [Span(" "), Span(ResultsSideColumns.rangeHead, .dim)] }
        return lines + (layout.heads.showsYears ? [StyledLine(years)] : []) + [StyledLine(dates), StyledLine(times)]
            + (layout.worksheet.hasNew ? [StyledLine(new)] : [])
    }

    private static func role(_ result: LabResult?) -> TextRole {
        guard let result else { return .normal }
        return result.isEnteredInError ? .dim : result.flag.role
    }

    /// The spans with the blanks at their end dropped: a line that only goes on with the name
    /// (or a range) ends where its text does.
    private static func withoutTrailingBlanks(_ spans: [Span]) -> [Span] {
        var spans = spans
        while let last = spans.last {
            let trimmed = String(last.text.reversed().drop { $0 == " " }.reversed())
            if trimmed.isEmpty {
                spans.removeLast()
                continue
            }
            spans[spans.count - 1].text = trimmed
            break
        }
        return spans
    }

    static func pad(_ text: String, _ width: Int) -> String { DisplayWidth.padded(text, to: width) }
}
