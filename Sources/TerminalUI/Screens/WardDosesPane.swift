import SharedPresentation

/// The ward's due list over both panes: framed and titled, scrolled as far as the state
/// fitted it, the chosen patient's line where the terminal cursor goes.
enum WardDosesPane {
    static func draw(_ state: WardDosesState, on canvas: inout Canvas, geometry: WorkstationGeometry, context: ViewContext) -> (row: Int, col: Int)? {
        let frame = geometry.panes
        canvas.box(frame, title: WardDosesView.title, style: .borderFocused)
        let body = geometry.screenBody
        let content = WardDosesView.content(state, width: body.width, context: context)
        WorkstationRenderer.drawLines(content.lines, on: &canvas, in: body, from: state.scroll)
        if content.lines.count > body.height, body.height > 0 {
            let more = "\(state.scroll + 1)-\(min(content.lines.count, state.scroll + body.height))/\(content.lines.count)"
            canvas.text(more, row: frame.bottom - 1, col: frame.right - more.count - 2, style: .dim)
        }
        guard let line = content.focusLine, line >= state.scroll, line < state.scroll + body.height else { return nil }
        return (row: body.row + line - state.scroll, col: body.col)
    }
}
