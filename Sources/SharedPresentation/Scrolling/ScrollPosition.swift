/// Where a scrolled region stands: the first scrolled line it shows, and the chosen item in a
/// region with items. A feature keeps one per region, as ratatui's `ListState` keeps its offset
/// and selection, and `ScrollContent` moves and fits it.
public struct ScrollPosition: Equatable, Sendable {
    public var offset: Int
    /// Index into the content's items; ignored where the content has none.
    public var selected: Int

    public init(offset: Int = 0, selected: Int = 0) {
        self.offset = offset
        self.selected = selected
    }
}
