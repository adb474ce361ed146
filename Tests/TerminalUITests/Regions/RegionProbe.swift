import SharedPresentation
@testable import SharedPresentation
@testable import TerminalUI

/// The region the scroll keys move on a screen, read off the state the way `update` measures
/// it (`layoutContext`), with its lines as the renderer lays them out (its glyphs): the two must
/// be the same lines, and the screen must show exactly the window of them the model says.
struct RegionProbe {
    /// What the state pages through.
    var layout: ScrollLayout
    /// The lines as the state measures them and as the renderer draws them; nil for the
    /// patient list, whose rows are drawn from the loaded window of the census.
    var measured: ScrollContent?
    var drawn: ScrollContent?
    /// Where the lines go, and the frame whose bottom border carries the indicator.
    var rect: Rect
    var frame: Rect
    var position: ScrollPosition

    var window: ScrollWindow { layout.window(position.offset, height: rect.height) }

    /// The region of the screen `state` shows; nil where nothing scrolls (locked, too small).
    /// `drawing`: also lay its lines out as the renderer does (`drawn`).
    static func of(_ state: WorkstationState, drawing isDrawn: Bool = false) -> RegionProbe? {
        let geometry = state.geometry
        let drawing = WorkstationRenderer.viewContext(for: state, glyphs: .unicode, timeZone: state.timeZone)
        func probe(_ rect: Rect, _ frame: Rect, _ position: ScrollPosition, _ make: (ViewContext) -> ScrollContent) -> RegionProbe? {
            guard rect.height >= WorkstationGeometry.minimumBodyRows else { return nil }
            let measured = make(state.layoutContext)
            return RegionProbe(layout: measured.layout, measured: measured, drawn: isDrawn ? make(drawing) : nil, rect: rect, frame: frame,
                               position: position)
        }
        if state.lock.isLocked || state.layout == .tooSmall { return nil }
        if state.isHelpShown {
            let help = ScrollContent(lines: state.helpLines)
            let frame = geometry.helpFrame(lineCount: help.lines.count)
            return RegionProbe(layout: help.layout, measured: help, drawn: help, rect: WorkstationGeometry.helpBody(in: frame), frame: frame,
                               position: ScrollPosition(offset: state.helpScroll))
        }
        if let screen = state.charting {
            let body = geometry.chartingBody(bannerLines: screen.banner(state.chartingContext).count)
            return probe(body, geometry.panes, screen.position) { screen.content(width: body.width, context: $0) }
        }
        if let overlay = state.overlay {
            let body = geometry.screenBody
            return probe(body, geometry.panes, overlay.position) { overlay.content(width: body.width, context: $0) }
        }
        if state.focus == .chart, let chart = state.chart {
            let body = state.chartBody(for: chart)
            return probe(body, geometry.chartFrame, chart.position) { ChartBodyView.content(chart, width: body.width, context: $0) }
        }
        // The rows are drawn a column in from the frame, after the selection marker.
        let rows = geometry.listRows
        return RegionProbe(layout: state.patients.scrollLayout, measured: nil, drawn: nil,
                           rect: Rect(row: rows.row, col: rows.col + 1, height: rows.height, width: rows.width - 1),
                           frame: geometry.listFrame, position: state.patients.position)
    }
}
