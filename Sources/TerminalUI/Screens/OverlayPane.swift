import SharedPresentation

/// The open overlay over both panes (the ward's due list): framed and titled, drawn at its
/// position, the chosen item's line where the terminal cursor goes.
enum OverlayPane {
    static func draw(_ overlay: OverlayScreen, on canvas: inout Canvas, geometry: WorkstationGeometry, context: ViewContext) -> (row: Int, col: Int)? {
        let frame = geometry.panes
        canvas.box(frame, title: overlay.title, style: .borderFocused)
        let body = geometry.screenBody
        let content = overlay.content(width: body.width, context: context)
        return ScrolledRegion.draw(content, at: overlay.position, in: body, frame: frame, on: &canvas)
    }
}
