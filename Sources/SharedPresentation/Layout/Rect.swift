/// A rectangle of cells, in the coordinates of the canvas it is used with.
public struct Rect: Hashable, Sendable {
    public var row: Int
    public var col: Int
    public var height: Int
    public var width: Int

    public init(row: Int, col: Int, height: Int, width: Int) {
        self.row = row
        self.col = col
        self.height = max(0, height)
        self.width = max(0, width)
    }

    public var isEmpty: Bool { height == 0 || width == 0 }
    public var bottom: Int { row + height }
    public var right: Int { col + width }

    /// The part of both rectangles; empty when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let top = max(row, other.row), left = max(col, other.col)
        return Rect(row: top, col: left, height: min(bottom, other.bottom) - top, width: min(right, other.right) - left)
    }

    /// This rectangle shrunk by `amount` cells on every side (a box's interior).
    public func inset(by amount: Int) -> Rect {
        Rect(row: row + amount, col: col + amount, height: height - 2 * amount, width: width - 2 * amount)
    }

    public func contains(row: Int, col: Int) -> Bool {
        row >= self.row && row < bottom && col >= self.col && col < right
    }
}
