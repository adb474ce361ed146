/// The open chart's current tab below the banner and tab bar: what the chart pane draws, and
/// what the state measures to page and clamp its scroll.
public enum ChartBodyView {
    public static func content(_ chart: ChartState, width: Int, context: ViewContext) -> ScrollContent {
        switch chart.tab {
        case .summary:
            return loaded(chart.summary) {
                ScrollContent(lines: SummaryView.lines($0, width: width, context: context, isIncomplete: chart.isIncomplete))
            }
        case .encounters:
            return loaded(chart.encounters ?? .loading) {
                EncountersView.content($0, selected: chart.selectedEncounter, detailOpen: chart.isEncounterDetailOpen, width: width, context: context)
            }
        case .vitals:
            return loaded(chart.vitals ?? .loading) { VitalsView.content($0, selected: chart.selectedRound, width: width, context: context) }
        case .medications:
            let meds = chart.medications ?? MedicationsState()
            return loaded(meds.list) { list in
                guard meds.isMARShown else { return ScrollContent(lines: MedicationsView.lines(list, width: width, context: context)) }
                return MARView.content(list, chosen: meds.chosenDose, width: width, context: context)
            }
        case .results:
            return ResultsView.content(chart.results ?? ResultsState(), width: width, context: context)
        }
    }

    private static func loaded<Value>(_ loadable: Loadable<Value>, _ content: (Value) -> ScrollContent) -> ScrollContent {
        switch loadable {
        case .loading: ScrollContent(lines: [StyledLine("loading…", .dim)])
        case let .failed(message): ScrollContent(lines: [StyledLine(message, .critical)])
        case let .loaded(value): content(value)
        }
    }
}
