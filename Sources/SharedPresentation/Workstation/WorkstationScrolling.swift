import Foundation

/// Scroll offsets kept within what is drawn. Each scrollable region is measured with the
/// views and the geometry the renderer uses, and the fitted offset is stored, so the next key
/// moves from what is on screen: after `G`, `k` moves up at once, and paging past the end
/// adds no overshoot to scroll back through.
extension WorkstationState {
    /// The views' context for measuring: as the renderer's, but with a trend line that only
    /// takes its room: a cell per value, blank where the renderer's leaves a gap, so it wraps
    /// onto exactly the lines the drawn one does.
    var layoutContext: ViewContext {
        ViewContext(now: now, timeZone: timeZone, unicode: isUnicode) { values in String(values.map { $0 == nil ? " " : "x" }) }
    }

    /// What the chart feature measures its scroll with: this screen's layout.
    var chartContext: ChartContext { ChartContext(geometry: geometry, view: layoutContext, tabs: chartTabs, formKeys: chartingForms.compactMap(\.descriptor.opensWith)) }

    /// The open chart's tab body: below its banner (however many lines it takes) and tab bar.
    func chartBody(for chart: ChartState) -> Rect { chartContext.body(chart) }

    /// Rows of the open chart's body, for page keys.
    var chartBodyRows: Int { max(1, chart.map { chartBody(for: $0).height } ?? 1) }

    /// The `?` overlay's lines as drawn on this screen.
    var helpLines: [StyledLine] { ChromeView.help(self, width: geometry.helpTextWidth) }

    /// Rows of the `?` overlay's text.
    var helpBodyRows: Int { max(1, WorkstationGeometry.helpBody(in: geometry.helpFrame(lineCount: helpLines.count)).height) }

    mutating func fitHelpScroll() {
        let lines = helpLines
        let body = WorkstationGeometry.helpBody(in: geometry.helpFrame(lineCount: lines.count))
        helpScroll = ScrollContent(lines: lines).fitted(ScrollPosition(offset: helpScroll), height: body.height).offset
    }

    /// The `?` overlay scrolled by `move`.
    mutating func scrollHelp(_ move: ScrollMove) {
        let lines = helpLines
        let body = WorkstationGeometry.helpBody(in: geometry.helpFrame(lineCount: lines.count))
        helpScroll = ScrollContent(lines: lines).moved(ScrollPosition(offset: helpScroll), move, height: body.height).offset
    }
}
