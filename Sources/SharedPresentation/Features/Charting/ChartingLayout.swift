/// A charting screen's body as lines, and where the typing cursor belongs in them, so the
/// pane can scroll to keep it visible and place the terminal cursor there.
public struct ChartingLayout: Equatable, Sendable {
    public var lines: [StyledLine]
    /// The line and column (in cells) of the field being typed into; nil when nothing is typed.
    public var cursorLine: Int?
    public var cursorColumn: Int
    /// The last line that belongs to the cursor's field (its refusal wrapped below it on a
    /// narrow pane): the pane scrolls to show it with the field, so a range is never hidden.
    public var cursorFieldEnd: Int?
    /// The first line to show when nothing is typed (a confirm step), as the user scrolled it;
    /// the pane clamps it to the lines that fit.
    public var scroll: Int
    /// How many first lines stay in view while the rest scrolls under them (the dose form's
    /// order: what is being recorded), as many as leave a row to scroll.
    public var pinned: Int

    public init(lines: [StyledLine], cursorLine: Int? = nil, cursorColumn: Int = 0, cursorFieldEnd: Int? = nil, scroll: Int = 0, pinned: Int = 0) {
        self.lines = lines
        self.cursorLine = cursorLine
        self.cursorColumn = cursorColumn
        self.cursorFieldEnd = cursorFieldEnd
        self.scroll = scroll
        self.pinned = pinned
    }
}
