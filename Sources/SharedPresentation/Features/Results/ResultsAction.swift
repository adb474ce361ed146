/// What happens on the Results tab.
public enum ResultsAction: Equatable, Sendable {
    case key(InputKey)
}

/// What the Results tab tells the chart.
public enum ResultsDelegate: Equatable, Sendable {
    /// Esc with nothing open: the list takes the keyboard.
    case backToList
    /// Not a Results key: the chart's own (a tab key, `a`...).
    case unhandled(InputKey)
}

/// What the Results tab needs to know of the screen: the body it is drawn in, so `→` pages by
/// exactly the columns that show and `PgDn` by the rows that do.
public struct ResultsContext: Sendable {
    public var width: Int
    public var height: Int
    public var view: ViewContext

    public init(width: Int, height: Int, view: ViewContext) {
        self.width = width
        self.height = height
        self.view = view
    }
}
