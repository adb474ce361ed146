import SharedPresentation

/// A charting form (vitals, confirm step, correction, dose...) over both panes: framed, the
/// patient banner always on top, the body scrolled so the field being typed into is visible
/// (a confirm step, as far as the user scrolled it).
/// Returns where the terminal cursor goes: the end of the typed text.
enum ChartingPane {
    static func draw(_ screen: ChartingScreen, on canvas: inout Canvas, geometry: WorkstationGeometry, context: ViewContext) -> (row: Int, col: Int)? {
        let frame = geometry.panes
        let inside = canvas.box(frame, title: screen.title, style: .borderFocused)
        let banner = BannerView.lines(for: screen.chart, width: inside.width - 1, context: context)
        var row = inside.row
        for line in banner where row < inside.bottom {
            WorkstationRenderer.draw(line, on: &canvas, row: row, col: inside.col + 1, width: inside.width - 1)
            canvas.restyle(Rect(row: row, col: inside.col, height: 1, width: 1), style: .banner)
            row += 1
        }
        if row < inside.bottom { canvas.horizontalLine(row: row, col: inside.col, width: inside.width) }
        let body = geometry.chartingBody(bannerLines: banner.count)
        let layout = screen.layout(width: body.width, context: context)
        // The pinned lines (what a dose form records) first, always; the rest scrolls below them.
        let pinned = min(layout.pinned, max(0, body.height - 1), layout.lines.count)
        WorkstationRenderer.drawLines(Array(layout.lines.prefix(pinned)), on: &canvas,
                                      in: Rect(row: body.row, col: body.col, height: pinned, width: body.width), from: 0)
        let region = Rect(row: body.row + pinned, col: body.col, height: body.height - pinned, width: body.width)
        let cursorLine = layout.cursorLine.map { max(0, $0 - pinned) }
        var first = 0
        if let line = cursorLine {
            // The field and what is said under it, as far as the field itself stays in view.
            let last = max(line, (layout.cursorFieldEnd.map { $0 - pinned }) ?? line)
            if last >= region.height { first = min(line, last - region.height + 1) }
        }
        // A confirm step opens at its top (the values to check) and scrolls as far as the state let it.
        if layout.cursorLine == nil { first = layout.scroll }
        WorkstationRenderer.drawLines(Array(layout.lines.dropFirst(pinned)), on: &canvas, in: region, from: first)
        if layout.lines.count > body.height, body.height > 0 {
            let more = "\(pinned + first + 1)-\(min(layout.lines.count, pinned + first + region.height))/\(layout.lines.count)"
            canvas.text(more, row: frame.bottom - 1, col: frame.right - more.count - 2, style: .dim)
        }
        guard let line = cursorLine, line >= first, line < first + region.height else { return nil }
        return (row: region.row + line - first, col: body.col + layout.cursorColumn)
    }
}
