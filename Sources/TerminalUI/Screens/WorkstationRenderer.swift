import Foundation
import SharedPresentation

/// Draws a `WorkstationState` into a screen buffer: header, patient list, chart, footer,
/// and the help or lock overlays. It lays out what the views produce and decides nothing
/// clinical. Returns where the terminal cursor belongs (the selected row, for screen readers).
public enum WorkstationRenderer {
    @discardableResult
    public static func render(
        _ state: WorkstationState, into buffer: inout ScreenBuffer, timeZone: TimeZone? = nil
    ) -> (row: Int, col: Int)? {
        let context = viewContext(for: state, glyphs: buffer.glyphs, timeZone: timeZone ?? state.timeZone)
        return buffer.draw { canvas in
            canvas.fill(style: .normal)
            let screen = state.screen
            switch screen {
            case .tooSmall:
                // `q` works here and may ask first: the question must show.
                let question = state.isQuitConfirmPending ? state.notice.map { Span($0.text, StatusLineView.role($0.tone)) } : nil
                drawTooSmall(in: canvas.bounds, on: &canvas, message: ScreenLayout.tooSmallMessage, then: question)
                return nil
            case .locked:
                draw(ChromeView.header(state, width: canvas.width, context: context), on: &canvas, row: 0)
                let body = Rect(row: 2, col: 2, height: canvas.height - 3, width: canvas.width - 4)
                let lock = LockView.content(state.lock, mode: state.session.mode)
                drawLines(lock.lines, on: &canvas, in: body, from: 0)
                return lock.cursorLine.map { (row: body.row + $0, col: body.col + lock.cursorColumn) }
            case .help, .charting, .overlay, .search, .chartTooShort, .list, .chart:
                draw(ChromeView.header(state, width: canvas.width, context: context), on: &canvas, row: 0)
                draw(ChromeView.footer(state, width: canvas.width, unicode: context.unicode), on: &canvas, row: canvas.height - 1)
                return drawBody(screen, state, on: &canvas, context: context)
            }
        }
    }

    static func viewContext(for state: WorkstationState, glyphs: Glyphs, timeZone: TimeZone) -> ViewContext {
        ViewContext(now: state.now, timeZone: timeZone, unicode: glyphs.isUnicode) { values in
            let present = values.compactMap { $0 }
            guard let low = present.min(), let high = present.max() else { return glyphs.sparkline(values.map { _ in nil }) }
            let span = high - low
            return glyphs.sparkline(values.map { $0.map { span > 0 ? ($0 - low) / span : 0.5 } })
        }
    }

    /// Between the header and the footer: help over a blank screen (no piece of a chart shows
    /// at its edges), a form or the due list in the chart's place, else the list and the chart
    /// as the layout places them.
    private static func drawBody(_ screen: Screen, _ state: WorkstationState, on canvas: inout Canvas, context: ViewContext) -> (row: Int, col: Int)? {
        let geometry = state.geometry
        switch screen {
        case .help:
            drawHelp(state, on: &canvas)
            return nil
        case .charting:
            return state.charting.flatMap { ChartingPane.draw($0, on: &canvas, geometry: geometry, context: context) }
        case .overlay:
            return state.overlay.flatMap { OverlayPane.draw($0, on: &canvas, geometry: geometry, context: context) }
        case .tooSmall, .locked, .search, .chartTooShort, .list, .chart:
            switch state.layout {
            case .split:
                let listCursor = PatientListPane.draw(state, on: &canvas, geometry: geometry, context: context)
                let chartCursor = ChartPane.draw(state, on: &canvas, geometry: geometry, context: context)
                return state.focus == .list ? listCursor : chartCursor
            default:
                if state.focus == .chart, state.chart != nil {
                    return ChartPane.draw(state, on: &canvas, geometry: geometry, context: context)
                }
                return PatientListPane.draw(state, on: &canvas, geometry: geometry, context: context)
            }
        }
    }

    private static func drawHelp(_ state: WorkstationState, on canvas: inout Canvas) {
        let geometry = state.geometry
        let lines = ChromeView.help(state, width: geometry.helpTextWidth)
        let frame = geometry.helpFrame(lineCount: lines.count)
        canvas.fill(frame, style: .normal)
        canvas.box(frame, title: "Help", style: .borderFocused)
        ScrolledRegion.draw(ScrollContent(lines: lines), at: ScrollPosition(offset: state.helpScroll), in: WorkstationGeometry.helpBody(in: frame),
                            frame: frame, on: &canvas)
    }

    /// In `rect`, centred: the screen is too small (for the whole workstation, or for a chart's
    /// banner, tab bar and four rows), and what else must be read there.
    static func drawTooSmall(in rect: Rect, on canvas: inout Canvas, message: String = ScreenLayout.tooSmallForChart, then: Span? = nil) {
        let lines = LineWrapping.wrap([Span(message, .critical)], width: rect.width) + (then.map { LineWrapping.wrap([$0], width: rect.width) } ?? [])
        drawLines(lines, on: &canvas, in: Rect(row: rect.row + max(0, (rect.height - lines.count) / 2), col: rect.col, height: rect.height, width: rect.width), from: 0)
    }

    /// One styled line at `row`, clipped to the canvas width.
    static func draw(_ line: StyledLine, on canvas: inout Canvas, row: Int, col: Int = 0, width: Int? = nil) {
        var x = col
        let limit = col + (width ?? canvas.width - col)
        for span in line.spans where x < limit {
            x += canvas.text(span.text, row: row, col: x, width: limit - x, style: span.role)
        }
    }

    /// Lines `from` onward filling `rect`, one per row.
    static func drawLines(_ lines: [StyledLine], on canvas: inout Canvas, in rect: Rect, from first: Int) {
        for (offset, line) in lines.dropFirst(first).prefix(rect.height).enumerated() {
            draw(line, on: &canvas, row: rect.row + offset, col: rect.col, width: rect.width)
        }
    }
}
