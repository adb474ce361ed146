import SharedPresentation

/// The right pane: banner (always), tab bar, and the current tab's body, scrolled.
enum ChartPane {
    static func draw(_ state: WorkstationState, on canvas: inout Canvas, in frame: Rect, context: ViewContext) -> (row: Int, col: Int)? {
        let focused = state.focus == .chart
        let inside = canvas.box(frame, title: nil, style: focused ? .borderFocused : .border)
        guard let chart = state.chart else {
            let message = state.patients.isLoading ? "loading…" : "Select a patient to open the chart."
            canvas.text(message, row: inside.row, col: inside.col + 1, width: inside.width - 1, style: .dim)
            return nil
        }
        var row = inside.row
        for line in BannerView.lines(for: chart, width: inside.width - 1, context: context) where row < inside.bottom {
            WorkstationRenderer.draw(line, on: &canvas, row: row, col: inside.col + 1, width: inside.width - 1)
            canvas.restyle(Rect(row: row, col: inside.col, height: 1, width: 1), style: .banner)
            row += 1
        }
        drawTabs(chart.tab, on: &canvas, row: row, in: inside, showBack: state.layout == .single)
        row += 1
        let body = Rect(row: row, col: inside.col + 1, height: max(0, inside.bottom - row), width: inside.width - 1)
        let lines = bodyLines(chart, width: body.width, context: context)
        var first = min(chart.scroll[chart.tab] ?? 0, max(0, lines.count - body.height))
        if chart.tab == .encounters || chart.tab == .vitals, let selected = lines.firstIndex(where: { $0.spans.contains { $0.role == .selected } }) {
            if selected < first { first = selected }
            if selected >= first + body.height { first = selected - body.height + 1 }
        }
        WorkstationRenderer.drawLines(lines, on: &canvas, in: body, from: first)
        if lines.count > body.height, body.height > 0 {
            let more = "\(first + 1)-\(min(lines.count, first + body.height))/\(lines.count)"
            canvas.text(more, row: frame.bottom - 1, col: frame.right - more.count - 2, style: .dim)
        }
        return (row: inside.row, col: inside.col + 1)
    }

    private static func drawTabs(_ current: ChartTab, on canvas: inout Canvas, row: Int, in rect: Rect, showBack: Bool) {
        var x = rect.col + 1
        for tab in ChartTab.allCases {
            let label = tab == current ? "[\(tab.rawValue + 1) \(tab.title)]" : " \(tab.rawValue + 1) \(tab.title) "
            x += canvas.text(label, row: row, col: x, width: rect.right - x, style: tab == current ? .tabActive : .tabInactive)
            x += canvas.text(" ", row: row, col: x, width: rect.right - x)
        }
        if showBack, rect.right - x > 9 {
            canvas.text("Esc back", row: row, col: rect.right - 9, style: .dim)
        }
    }

    private static func bodyLines(_ chart: ChartState, width: Int, context: ViewContext) -> [StyledLine] {
        switch chart.tab {
        case .summary:
            return lines(chart.summary) { SummaryView.lines($0, width: width, context: context, isIncomplete: chart.isIncomplete) }
        case .encounters:
            return lines(chart.encounters ?? .loading) {
                EncountersView.lines($0, selected: chart.selectedEncounter, detailOpen: chart.isEncounterDetailOpen, width: width, context: context)
            }
        case .vitals:
            return lines(chart.vitals ?? .loading) { VitalsView.lines($0, selected: chart.selectedRound, width: width, context: context) }
        case .medications:
            return lines(chart.medications ?? .loading) { MedicationsView.lines($0, width: width, context: context) }
        }
    }

    private static func lines<Value>(_ loadable: Loadable<Value>, _ render: (Value) -> [StyledLine]) -> [StyledLine] {
        switch loadable {
        case .loading: [StyledLine("loading…", .dim)]
        case let .failed(message): [StyledLine(message, .critical)]
        case let .loaded(value): render(value)
        }
    }
}
