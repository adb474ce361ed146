/// How the workstation arranges itself for a terminal size. 80x24 is the design size and has
/// every function; narrower or shorter terminals drill in one pane at a time.
public enum ScreenLayout: Hashable, Sendable {
    /// List and chart side by side; `listWidth` columns for the list pane.
    case split(listWidth: Int)
    /// One pane at a time: list, then chart, Esc back.
    case single
    /// Too small to show a chart safely.
    case tooSmall

    public static let minimumColumns = 40
    public static let minimumRows = 12

    public init(columns: Int, rows: Int) {
        if columns < Self.minimumColumns || rows < Self.minimumRows {
            self = .tooSmall
        } else if columns < 80 || rows < 24 {
            self = .single
        } else {
            // At 100+ columns the list gets room for age and markers; at 80 it stays compact.
            self = .split(listWidth: columns >= 100 ? min(40, columns / 3) : 26)
        }
    }

    public static let tooSmallMessage = "terminal too small: need at least \(minimumColumns)x\(minimumRows)"

    /// Where a chart's banner leaves fewer than four rows under it.
    public static let tooSmallForChart = "too short to show this chart whole: make the terminal taller (Esc back)"
}
