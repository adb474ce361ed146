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
        var isAnyNotFinal = false
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
                let name = layout.nameLines(test)
                var spans = [Span(pad(name[0], layout.nameWidth))]
                for column in layout.columns {
                    let result = test.result(at: worksheet.collections[column.index])
                    isAnyNotFinal = isAnyNotFinal || (result.map { $0.status != .final && !$0.isEnteredInError } ?? false)
                    spans += [Span(" "), Span(pad(layout.cell(test, column.index), column.width), role(result))]
                }
                spans += [Span(" "), Span(pad(ResultsLayout.unit(test, context), layout.unitWidth), .dim),
                          Span(" "), Span(ResultsLayout.range(test, context), .dim)]
                var rowLines = [spans] + name.dropFirst().map { [Span($0)] }
                if row == selected { rowLines = rowLines.map { $0.map { Span($0.text, .selected) } } }
                lines += rowLines.map(StyledLine.init)
                items.append(ScrollItem(lines: start..<lines.count, first: first))
                row += 1
            }
        }
        if isAnyNotFinal {
            lines += LineWrapping.wrap([Span("* not final: Enter shows its status", .dim)], width: width)
        }
        return ScrollContent(lines: lines, pinned: 0..<ResultsLayout.headerLines(worksheet), items: items)
    }

    /// Which collections show ("3 of 11"), then each column's date and time.
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
        var dates = [Span(pad("", layout.nameWidth))], times = [Span(pad("Test", layout.nameWidth), .accent)]
        var new = [Span(pad("", layout.nameWidth))]
        for column in layout.columns {
            let stamp = context.fullDateTime(collections[column.index])
            dates += [Span(" "), Span(pad(String(stamp.dropFirst(5).prefix(5)), column.width), .accent)]
            times += [Span(" "), Span(pad(String(stamp.suffix(5)), column.width), .dim)]
            new += [Span(" "), Span(pad(layout.worksheet.hasNew(at: collections[column.index]) ? ResultsLayout.newMark : "", column.width), .accent)]
        }
        times += [Span(" "), Span(pad("unit", layout.unitWidth), .dim), Span(" "), Span("range", .dim)]
        return lines + [StyledLine(dates), StyledLine(times)] + (layout.worksheet.hasNew ? [StyledLine(new)] : [])
    }

    private static func role(_ result: LabResult?) -> TextRole {
        guard let result else { return .normal }
        return result.isEnteredInError ? .dim : SummaryView.role(for: result.flag)
    }

    static func pad(_ text: String, _ width: Int) -> String { VitalsView.pad(text, width) }
}
