/// Results keys: `↑`/`↓` (`j`/`k`, pages, `g`/`G`) choose a test, `→`/`l` show older
/// collections and `←`/`h` newer ones, `Enter` opens the chosen test's history and `Esc`
/// closes it (or, with nothing open, goes back to the list). Listed in `KeyHelp.resultsTab`.
extension ResultsState: Feature {
    public mutating func update(_ action: ResultsAction, in context: RegionContext) -> FeatureStep<ResultsDelegate> {
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
        if key == .pageDown || key == .pageUp {
            // A page of lines, as the worksheet lays them out: tests take more than one.
            selectedTest = ResultsView.content(self, width: context.width, context: context.view)
                .page(from: selectedTest, forward: key == .pageDown, height: context.height)
            return .none
        }
        if let move = WorkstationState.selectionMove(key, page: context.height) {
            guard testCount > 0 else { return .none }
            selectedTest = min(max(0, selectedTest + move), testCount - 1)
            return .none
        }
        switch key {
        case .right, .character("l"):
            guard let worksheet else { return .none }
            let shown = ResultsLayout(worksheet, firstColumn: firstColumn, width: context.width, context: context.view).columns.count
            firstColumn = min(firstColumn + max(1, shown), max(0, worksheet.collections.count - 1))
        case .left, .character("h"):
            guard firstColumn > 0, let worksheet else { return .tell(.backToList) }
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
