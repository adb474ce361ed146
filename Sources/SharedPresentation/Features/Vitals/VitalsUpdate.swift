import CoreUseCases

/// Vitals keys: `↑`/`↓` (`j`/`k`, pages, `g`/`G`) choose a round while there is one (else they
/// scroll, the chart's keys), `a` adds vitals and `x` marks the chosen round entered in
/// error, both opened by the workstation. Listed in `KeyHelp.vitalsTab` and `addVitals`.
extension VitalsState {
    public mutating func updateTab(_ action: ChartTabAction, in context: RegionContext) -> FeatureStep<ChartTabDelegate> {
        guard case let .key(key) = action else { return .none }
        if let move = WorkstationState.selectionMove(key, page: max(1, context.height)) {
            let rounds = history.value.map { VitalsRound.rounds($0).count } ?? 0
            guard rounds > 0, let history = history.value else { return .tell(.unhandled(key)) }
            if key == .pageDown || key == .pageUp {
                // A page of lines, as the table lays them out: a day's line and a round's
                // second line take rows too.
                selectedRound = VitalsView.content(history, selected: selectedRound, width: context.width, context: context.view)
                    .page(from: selectedRound, forward: key == .pageDown, height: context.height)
                return .none
            }
            selectedRound = min(max(0, selectedRound + move), rounds - 1)
            return .none
        }
        switch key {
        case .character("a"): return .tell(.chart(.open(.addVitals)))
        case .character("x"): return .tell(.chart(.open(.correctChosenRound)))
        default: return .tell(.unhandled(key))
        }
    }
}
