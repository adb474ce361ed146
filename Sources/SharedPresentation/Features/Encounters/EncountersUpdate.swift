/// Encounters keys: `↑`/`↓` (`j`/`k`, pages, `g`/`G`) choose an encounter, `Enter` opens its
/// details and `Esc` closes them; the details scroll as one text (the chart's keys). Showing
/// the tab again shows the list. Listed in `KeyHelp.encounterDetails` and `chart`.
extension EncountersState {
    public mutating func updateTab(_ action: ChartTabAction, in context: RegionContext) -> FeatureStep<ChartTabDelegate> {
        guard case let .key(key) = action else {
            isDetailOpen = false
            return .none
        }
        let count = list.value?.count ?? 0
        if !isDetailOpen, let move = WorkstationState.selectionMove(key, page: max(1, context.height)) {
            selected = min(max(0, selected + move), max(0, count - 1))
            return .none
        }
        switch key {
        case .escape, .left, .character("h"):
            guard isDetailOpen else { return .tell(.unhandled(key)) }
            isDetailOpen = false
        case .enter:
            if !isDetailOpen, count > 0 { isDetailOpen = true }
        default:
            return .tell(.unhandled(key))
        }
        return .none
    }
}
