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
