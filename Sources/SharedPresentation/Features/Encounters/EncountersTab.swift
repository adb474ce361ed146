import CoreUseCases

extension ChartTab {
    public static let encounters = EncountersState.tab
}

/// The Encounters tab reads `LoadEncounters` and draws `EncountersView`.
extension EncountersState: ChartTabFeature {
    public static let descriptor = ChartTabDescriptor(
        name: "encounters", title: "Encounters", shortTitle: "Enc", help: [KeyHelp.encounterDetails, KeyHelp.chartNotes, KeyHelp.noteEnteredInError],
        choosesRow: true)

    public static func load(patientID: String, from sources: ChartSources) async throws -> EncounterList {
        try await LoadEncounters(chart: sources.chart)(patientID: patientID)
    }

    public mutating func receive(_ content: Loadable<EncounterList>) { list = content }

    public func body(width: Int, context: ViewContext, isIncomplete: Bool) -> ScrollContent {
        list.content { loaded in
            isNotesOpen ? NotesView.content(loaded.notes, width: width, context: context)
                : EncountersView.content(loaded.items, selected: selected, detailOpen: isDetailOpen, width: width, context: context)
        }
    }

    public func bindings(isFocused: Bool) -> [KeyBinding] {
        guard isFocused, !isDetailOpen else { return [] }
        return isNotesOpen ? [KeyHelp.noteEnteredInError] : [KeyHelp.encounterDetails, KeyHelp.chartNotes]
    }
}
