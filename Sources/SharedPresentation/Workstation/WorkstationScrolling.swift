import Foundation

/// Scroll offsets kept within what is drawn. Each scrollable region is measured with the
/// views and the geometry the renderer uses, and the fitted offset is stored, so the next key
/// moves from what is on screen: after `G`, `k` moves up at once, and paging past the end
/// adds no overshoot to scroll back through.
extension WorkstationState {
    /// The views' context for measuring: as the renderer's, but with a trend line that only
    /// takes its room (its glyphs never change how many lines there are).
    var layoutContext: ViewContext {
        ViewContext(now: now, timeZone: timeZone, unicode: isUnicode) { String(repeating: " ", count: $0.count) }
    }

    /// What the chart feature measures its scroll with: this screen's layout.
    var chartContext: ChartContext {
        let geometry = geometry
        let view = layoutContext
        return ChartContext(view: view) { chart in
            geometry.chartBody(bannerLines: BannerView.lines(for: chart, width: geometry.bannerWidth, context: view).count)
        }
    }

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
        helpScroll = ScrollContent(lines: lines).fit(helpScroll, height: body.height)
    }

    /// A charting screen's body, below the banner of the chart it was opened from.
    func chartingBody(for screen: ChartingScreen) -> Rect {
        let banner = BannerView.lines(for: screen.chart, width: geometry.panes.inset(by: 1).width - 1, context: layoutContext)
        return geometry.chartingBody(bannerLines: banner.count)
    }

    /// A confirm step's offset moved by a scroll key (nil for any other key), kept within its lines.
    func scrolledConfirm(_ screen: ChartingScreen, from offset: Int, by key: InputKey) -> Int? {
        let body = chartingBody(for: screen)
        guard let moved = Self.selectionMove(key, page: max(1, body.height)) else { return nil }
        let lines = ChartingLayout.layout(screen, width: body.width, context: layoutContext).lines
        return ScrollContent(lines: lines).fit(min(max(0, offset), Int.max / 2) + moved, height: body.height)
    }
}
