import CoreUseCases

extension ChartTab {
    public static let vitals = VitalsState.tab
}

/// The Vitals tab reads `LoadVitalsHistory` and draws `VitalsView`.
extension VitalsState: ChartTabFeature {
    public static let descriptor = ChartTabDescriptor(
        name: "vitals", title: "Vitals", shortTitle: "Vit", help: [KeyHelp.addVitals] + KeyHelp.vitalsTab, choosesRow: true)

    public static func load(patientID: String, from sources: ChartSources) async throws -> VitalsHistory {
        try await LoadVitalsHistory(chart: sources.chart)(patientID: patientID)
    }

    public mutating func receive(_ content: Loadable<VitalsHistory>) { history = content }

    public func body(width: Int, context: ViewContext, isIncomplete: Bool) -> ScrollContent {
        history.content { VitalsView.content($0, selected: selectedRound, width: width, context: context) }
    }

    public func bindings(isFocused: Bool) -> [KeyBinding] { [KeyHelp.addVitals] + (isFocused ? KeyHelp.vitalsTab : []) }
}
