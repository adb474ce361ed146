/// Rows and columns of the terminal.
public struct TerminalSize: Hashable, Sendable {
    public var rows: Int
    public var cols: Int

    public init(rows: Int, cols: Int) {
        self.rows = rows
        self.cols = cols
    }
}
