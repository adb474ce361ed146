import SharedPresentation

/// One terminal cell. A wide grapheme occupies its lead cell (width 2) and the cell to its
/// right, which is a continuation (width 0) so nothing can ever be drawn into half of it.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown here; a space for blanks and continuations.
    public var grapheme: Character
    /// 1 for ordinary cells, 2 for the lead cell of a wide grapheme, 0 for its continuation.
    public var width: Int
    public var style: Style

    public init(grapheme: Character, width: Int = 1, style: Style = .normal) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    /// A blank cell in the given style.
    public static func blank(_ style: Style = .normal) -> Cell {
        Cell(grapheme: " ", width: 1, style: style)
    }

    /// The right half of a wide grapheme.
    static func continuation(_ style: Style) -> Cell {
        Cell(grapheme: " ", width: 0, style: style)
    }

    public var isContinuation: Bool { width == 0 }
}
