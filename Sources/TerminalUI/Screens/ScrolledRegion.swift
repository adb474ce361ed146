import SharedPresentation

/// Draws a scrolled region as the one scroll model says it shows at the state's position: the
/// pinned header's lines on the top rows, the scrolled lines under them, and on the frame's
/// bottom border which lines those are (`21-36/80`). It draws what `ScrollContent.window`
/// gives and works nothing out, so what is counted, paged and drawn are the same lines.
enum ScrolledRegion {
    /// Returns where the terminal cursor goes: the chosen item's (or the typed field's) line,
    /// when it is drawn.
    @discardableResult
    static func draw(
        _ content: ScrollContent, at position: ScrollPosition, in rect: Rect, frame: Rect, on canvas: inout Canvas
    ) -> (row: Int, col: Int)? {
        guard rect.height > 0 else { return nil }
        let window = content.window(position.offset, height: rect.height)
        for (row, line) in window.lines.enumerated() {
            WorkstationRenderer.draw(content.lines[line], on: &canvas, row: rect.row + row, col: rect.col, width: rect.width)
        }
        if let indicator = window.indicator {
            canvas.text(indicator, row: frame.bottom - 1, col: frame.right - indicator.count - 2, style: .dim)
        }
        guard let line = content.cursor(at: position), let row = window.row(of: line) else { return nil }
        let column = content.items.isEmpty ? content.cursorColumn : 0
        return (row: rect.row + row, col: rect.col + column)
    }
}
