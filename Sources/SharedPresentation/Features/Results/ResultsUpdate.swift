/// Results keys: `→`/`l` show older collections and `←`/`h` newer ones (nothing more: on the
/// newest they do nothing), `Enter` opens the chosen test's history and `Esc` closes it (or,
/// with nothing open, goes back to the list); the chart's scroll keys choose a test
/// (`selection`). Listed in `KeyHelp.resultsTab`.
extension ResultsState: Feature {
    public mutating func update(_ action: ResultsAction, in context: RegionContext) -> FeatureStep<ResultsDelegate, Never> {
        guard case let .key(key) = action else { return .none }
        let worksheet = self.worksheet.value
        let testCount = worksheet?.tests.count ?? 0
        if isHistoryOpen {
            switch key {
            case .escape, .left, .character("h"):
                isHistoryOpen = false
                return .none
            default:
                // The history scrolls as one text: the chart moves its offset.
                return .tell(.unhandled(key))
            }
        }
        switch key {
        case .right, .character("l"):
            guard let worksheet else { return .none }
            let shown = ResultsLayout(worksheet, firstColumn: firstColumn, width: context.width, context: context.view).columns.count
            firstColumn = min(firstColumn + max(1, shown), max(0, worksheet.collections.count - 1))
        case .left, .character("h"):
            // Newer collections, and only that: on the newest already, it does nothing.
            guard firstColumn > 0, let worksheet else { return .none }
            firstColumn = ResultsLayout.previousPage(worksheet, before: firstColumn, width: context.width, context: context.view)
        case .enter:
            if testCount > 0 { isHistoryOpen = true }
        case .escape:
            return .tell(.backToList)
        default:
            return .tell(.unhandled(key))
        }
        return .none
    }
}
