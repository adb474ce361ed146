import SharedPresentation

/// A charting form (vitals, confirm step, correction, dose...) over both panes: framed, the
/// patient banner always on top, the body drawn where the screen has scrolled it (the order's
/// lines pinned on top where the form pins them). Too short for the form, it says so.
/// Returns where the terminal cursor goes: the end of the typed text.
enum ChartingPane {
    static func draw(_ screen: ChartingScreen, on canvas: inout Canvas, geometry: WorkstationGeometry, context: ViewContext) -> (row: Int, col: Int)? {
        let frame = geometry.panes
        let inside = canvas.box(frame, title: screen.title, style: .borderFocused)
        let banner = BannerView.lines(for: screen.chart, width: geometry.chartingBannerWidth, room: geometry.chartingBannerRoom, context: context)
        let body = geometry.chartingBody(bannerLines: banner.count)
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
        if row < inside.bottom { canvas.horizontalLine(row: row, col: inside.col, width: inside.width) }
        let content = screen.content(width: body.width, context: context)
        return ScrolledRegion.draw(content, at: screen.position, in: body, frame: frame, on: &canvas)
    }
}
