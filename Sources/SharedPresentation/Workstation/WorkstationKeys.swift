import CoreDomain

/// The chart's keys and the moves every scrolling view shares. Every binding is listed in
/// `KeyHelp` for the `?` screen.
extension WorkstationState {
    mutating func handleChart(_ key: InputKey) -> [WorkstationEffect] {
        guard chart != nil else {
            focus = .list
            return []
        }
        return updateChart(.key(key))
    }

    /// Hands `action` to the open chart and carries out what it tells.
    mutating func updateChart(_ action: ChartAction) -> [WorkstationEffect] {
        guard var current = chart else { return [] }
        let step = current.update(action, in: chartContext)
        chart = current
        return step.effects + step.delegates.flatMap { delegate -> [WorkstationEffect] in
            switch delegate {
            case .backToList:
                focus = .list
                return []
            case let .open(request):
                return openChartingForm(request)
            }
        }
    }

    /// How far a key moves a highlighted row or a scroll offset: one, a page, or (fitted
    /// later) to either end; nil for a key that does neither.
    static func selectionMove(_ key: InputKey, page: Int) -> Int? {
        switch key {
        case .up, .character("k"): -1
        case .down, .character("j"): 1
        case .pageUp: -page
        case .pageDown: page
        case .home, .character("g"): -Int.max / 2
        case .end, .character("G"): Int.max / 2
        default: nil
        }
    }
}
