/// Encounters keys: `Enter` opens the chosen encounter's details, `N` the chart's notes (where
/// `x` asks the workstation to withdraw one of the user's own), and `Esc` closes either; the
/// chart's scroll keys choose an encounter (`selection`), or scroll the details or notes as one
/// text. Showing the tab again shows the list. Listed in
/// `KeyHelp.encounterDetails`, `KeyHelp.chartNotes`, `KeyHelp.noteEnteredInError` and `chart`.
extension EncountersState {
    public mutating func updateTab(_ action: ChartTabAction, in context: RegionContext) -> FeatureStep<ChartTabDelegate, Never> {
        guard case let .key(key) = action else {
            // Chosen again: the list, not an encounter's details or the chart's notes.
            if action == .shown {
                isDetailOpen = false
                isNotesOpen = false
            }
            return .none
        }
        switch key {
        case .escape, .left, .character("h"):
            guard isDetailOpen || isNotesOpen else { return .tell(.unhandled(key)) }
            isDetailOpen = false
            isNotesOpen = false
            return .tell(.newText)
        case .enter:
            guard !isDetailOpen, !isNotesOpen, list.value?.items.isEmpty == false else { return .none }
            isDetailOpen = true
            return .tell(.newText)
        case .character("N"):
            guard !isDetailOpen, !isNotesOpen, list.value != nil else { return .none }
            isNotesOpen = true
            return .tell(.newText)
        case .character("x") where isNotesOpen:
            return .tell(.chart(.open(.correctNote)))
        default:
            return .tell(.unhandled(key))
        }
    }

    /// The chosen encounter while the list shows; the details and the notes are text.
    public var selection: Int? {
        get { isDetailOpen || isNotesOpen ? nil : selected }
        set { if let newValue { selected = newValue } }
    }
}
