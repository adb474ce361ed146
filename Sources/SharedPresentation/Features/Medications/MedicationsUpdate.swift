/// Meds keys: `m` switches between the orders and the MAR; on the MAR `↑↓ j k` (and the page
/// keys) choose a dose, `r` records the chosen one and `x` marks what was recorded for it
/// entered in error; every other key is the chart's (it
/// scrolls the orders as one text). Listed in `KeyHelp.medicationsTab` and `marDoses`.
extension MedicationsState: Feature {
    public mutating func update(_ action: MedicationsAction, in context: Void) -> FeatureStep<MedicationsDelegate> {
        guard case let .key(key) = action else { return .none }
        if key == .character("m") {
            isMARShown.toggle()
            return .none
        }
        guard isMARShown, let doses = list.value?.record?.doses, !doses.isEmpty else { return .tell(.unhandled(key)) }
        let chosen = doses[min(max(0, chosenDose), doses.count - 1)]
        if key == .character("r") { return .tell(.recordDose(chosen)) }
        if key == .character("x") { return .tell(.correctDose(chosen)) }
        // A page is as many doses as a screen's lines: a dose takes one line or more.
        guard let move = WorkstationState.selectionMove(key, page: 10) else { return .tell(.unhandled(key)) }
        chosenDose = min(max(0, min(max(0, chosenDose), doses.count - 1) + move), doses.count - 1)
        return .none
    }
}
