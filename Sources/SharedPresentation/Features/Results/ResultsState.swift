import CoreUseCases

/// The Results tab: the cumulative worksheet, the chosen test (row), which collections
/// (columns) are shown, and whether the chosen test's history is open.
public struct ResultsState: Equatable, Sendable {
    public var worksheet: Loadable<ResultsWorksheet> = .loading
    /// Index into `worksheet.tests`: the highlighted row, what `Enter` opens.
    public var selectedTest = 0
    /// The newest collection shown: 0 shows the newest; `→` moves to older ones.
    public var firstColumn = 0
    public var isHistoryOpen = false

    public init() {}
}
