/// What a feature drawn in a region of its own needs to know of the screen: the region's size,
/// so it pages by exactly the rows (and columns) that show, and the views' context to lay its
/// lines out as they will be drawn.
public struct RegionContext: Sendable {
    public var width: Int
    public var height: Int
    public var view: ViewContext

    public init(width: Int, height: Int, view: ViewContext) {
        self.width = width
        self.height = height
        self.view = view
    }
}
