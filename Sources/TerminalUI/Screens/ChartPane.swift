import SharedPresentation

/// The right pane: banner (always), tab bar, and the current tab's body, scrolled.
enum ChartPane {
    static func draw(_ state: WorkstationState, on canvas: inout Canvas, geometry: WorkstationGeometry, context: ViewContext) -> (row: Int, col: Int)? {
        let frame = geometry.chartFrame
        let focused = state.focus == .chart
        let inside = canvas.box(frame, title: nil, style: focused ? .borderFocused : .border)
        guard let chart = state.chart else {
            let message = state.patients.isLoading ? "loading…" : "Select a patient to open the chart."
            canvas.text(message, row: inside.row, col: inside.col + 1, width: inside.width - 1, style: .dim)
            return nil
        }
        let banner = BannerView.lines(for: chart, width: geometry.bannerWidth, room: geometry.chartBannerRoom, context: context)
        // Where the state measured the body: it keeps the position within these lines.
        let body = geometry.chartBody(bannerLines: banner.count)
        guard body.height >= WorkstationGeometry.minimumBodyRows else {
            WorkstationRenderer.drawTooSmall(in: inside, on: &canvas)
            return nil
        }
        var row = inside.row
        for line in banner where row < inside.bottom {
            WorkstationRenderer.draw(line, on: &canvas, row: row, col: inside.col + 1, width: inside.width - 1)
            canvas.restyle(Rect(row: row, col: inside.col, height: 1, width: 1), style: .banner)
            row += 1
        }
        if row < inside.bottom { drawTabs(state.chartTabs, current: chart.tab, on: &canvas, row: row, in: inside, showBack: state.layout == .single) }
        let content = ChartBodyView.content(chart, width: body.width, context: context)
        let cursor = ScrolledRegion.draw(content, at: chart.position, in: body, frame: frame, on: &canvas)
        return cursor ?? (row: inside.row, col: inside.col + 1)
    }

    private static func drawTabs(_ tabs: [ChartTab], current: ChartTab, on canvas: inout Canvas, row: Int, in rect: Rect, showBack: Bool) {
        let line = ChartTabBarView.line(tabs, current: current, width: rect.width - 1, showBack: showBack)
        WorkstationRenderer.draw(line, on: &canvas, row: row, col: rect.col + 1, width: rect.width - 1)
    }
}
