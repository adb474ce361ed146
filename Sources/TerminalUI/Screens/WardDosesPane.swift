import SharedPresentation

/// The ward's due list over both panes: framed and titled, drawn at the state's position, the
/// chosen patient's line where the terminal cursor goes.
enum WardDosesPane {
    static func draw(_ state: WardDosesState, on canvas: inout Canvas, geometry: WorkstationGeometry, context: ViewContext) -> (row: Int, col: Int)? {
        let frame = geometry.panes
        canvas.box(frame, title: WardDosesView.title, style: .borderFocused)
        let body = geometry.screenBody
        let content = WardDosesView.content(state, width: body.width, context: context)
        return ScrolledRegion.draw(content, at: state.position, in: body, frame: frame, on: &canvas)
    }
}
