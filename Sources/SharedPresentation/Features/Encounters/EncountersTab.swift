import CoreUseCases

extension ChartTab {
    public static let encounters = EncountersState.tab
}

/// The Encounters tab reads `LoadEncounters` and draws `EncountersView`.
extension EncountersState: ChartTabFeature {
    public static let descriptor = ChartTabDescriptor(
        name: "encounters", title: "Encounters", shortTitle: "Enc", help: [KeyHelp.encounterDetails], choosesRow: true)

    public static func load(patientID: String, from sources: ChartSources) async throws -> [EncounterItem] {
        try await LoadEncounters(chart: sources.chart)(patientID: patientID)
    }

    public mutating func receive(_ content: Loadable<[EncounterItem]>) { list = content }

    public func body(width: Int, context: ViewContext, isIncomplete: Bool) -> ScrollContent {
        list.content { EncountersView.content($0, selected: selected, detailOpen: isDetailOpen, width: width, context: context) }
    }

    public func bindings(isFocused: Bool) -> [KeyBinding] { isFocused && !isDetailOpen ? [KeyHelp.encounterDetails] : [] }
}
