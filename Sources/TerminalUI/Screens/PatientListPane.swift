import SharedPresentation

/// The left pane: a framed list with the search line on top and the selection highlighted.
enum PatientListPane {
    static func draw(_ state: WorkstationState, on canvas: inout Canvas, geometry: WorkstationGeometry, context: ViewContext) -> (row: Int, col: Int)? {
        let frame = geometry.listFrame
        let list = state.patients
        let focused = state.focus == .list
        let inside = canvas.box(frame, title: PatientListView.title(list), style: focused ? .borderFocused : .border)
        guard inside.height > 1 else { return nil }
        WorkstationRenderer.draw(PatientListView.searchLine(list, width: inside.width), on: &canvas, row: inside.row, col: inside.col, width: inside.width)
        let rows = geometry.listRows
        guard list.total > 0 || (list.server != nil && !list.isLoading) else {
            canvas.text(PatientListView.emptyMessage(list), row: rows.row, col: rows.col, width: rows.width, style: .dim)
            return (row: inside.row, col: inside.col)
        }
        // Which rows show, as every scrolled region says it.
        if let indicator = list.scrollLayout.window(list.top, height: rows.height).indicator {
            canvas.text(indicator, row: frame.bottom - 1, col: frame.right - indicator.count - 2, style: .dim)
        }
        var cursor: (row: Int, col: Int)?
        for offset in 0..<rows.height {
            let index = list.top + offset
            guard index < list.rowCount else { break }
            let row = rows.row + offset
            let line: StyledLine
            if let server = list.server, index >= list.total {
                line = ServerSearchView.row(server, index - list.total, unavailable: state.serverSearchUnavailable, width: rows.width - 1, context: context)
            } else if let entry = list.entry(at: index) {
                line = PatientListView.row(entry, width: rows.width - 1, context: context)
            } else {
                canvas.text("…", row: row, col: rows.col + 1, style: .dim)
                continue
            }
            WorkstationRenderer.draw(line, on: &canvas, row: row, col: rows.col + 1, width: rows.width - 1)
            if index == list.selected {
                canvas.text(String(canvas.glyphs.selectionMarker), row: row, col: rows.col, width: 1, style: focused ? .selected : .selectedInactive)
                canvas.restyle(Rect(row: row, col: rows.col + 1, height: 1, width: rows.width - 1), style: focused ? .selected : .selectedInactive)
                cursor = (row: row, col: rows.col)
            }
        }
        return cursor
    }
}
