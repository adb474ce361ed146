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
        let step = current.update(action, in: chartContext).scoped { WorkstationEffect.chart(patientID: current.patientID, $0) }
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
}
