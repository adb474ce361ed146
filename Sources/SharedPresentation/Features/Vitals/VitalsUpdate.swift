import CoreUseCases

/// Vitals keys: `a` adds vitals and `x` marks the chosen round entered in error, both opened by
/// the workstation; the chart's scroll keys choose a round (`selection`). Listed in
/// `KeyHelp.vitalsTab` and `addVitals`.
extension VitalsState {
    public mutating func updateTab(_ action: ChartTabAction, in context: RegionContext) -> FeatureStep<ChartTabDelegate, Never> {
        guard case let .key(key) = action else {
            if action == .focus(.newest) { selectedRound = 0 }
            return .none
        }
        switch key {
        case .character("a"): return .tell(.chart(.open(.addVitals)))
        case .character("x"): return .tell(.chart(.open(.correctChosenRound)))
        default: return .tell(.unhandled(key))
        }
    }

    /// The chosen round: the table's rows are the body's items.
    public var selection: Int? {
        get { selectedRound }
        set { if let newValue { selectedRound = newValue } }
    }
}
