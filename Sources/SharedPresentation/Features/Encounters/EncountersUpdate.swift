/// Encounters keys: `Enter` opens the chosen encounter's details and `Esc` closes them; the
/// chart's scroll keys choose an encounter (`selection`), or scroll the details as one text.
/// Showing the tab again shows the list. Listed in `KeyHelp.encounterDetails` and `chart`.
extension EncountersState {
    public mutating func updateTab(_ action: ChartTabAction, in context: RegionContext) -> FeatureStep<ChartTabDelegate> {
        guard case let .key(key) = action else {
            // Chosen again: the list, not an encounter's details.
            if action == .shown { isDetailOpen = false }
            return .none
        }
        switch key {
        case .escape, .left, .character("h"):
            guard isDetailOpen else { return .tell(.unhandled(key)) }
            isDetailOpen = false
            return .tell(.newText)
        case .enter:
            guard !isDetailOpen, list.value?.isEmpty == false else { return .none }
            isDetailOpen = true
            return .tell(.newText)
        default:
            return .tell(.unhandled(key))
        }
    }

    /// The chosen encounter while the list shows; the details are text.
    public var selection: Int? {
        get { isDetailOpen ? nil : selected }
        set { if let newValue { selected = newValue } }
    }
}
