import CoreUseCases

extension ChartTab {
    public static let summary = SummaryState.tab
}

/// The Summary tab reads `LoadPatientSummary` and draws `SummaryView`; its one key is `a`
/// (add vitals), which works beside the list too.
extension SummaryState: ChartTabFeature {
    public static let descriptor = ChartTabDescriptor(name: "summary", title: "Summary", shortTitle: "Sum", help: [KeyHelp.addVitals])

    public static func load(patientID: String, from sources: ChartSources) async throws -> PatientSummary {
        try await LoadPatientSummary(chart: sources.chart)(patientID: patientID)
    }

    public mutating func receive(_ content: Loadable<PatientSummary>) { summary = content }

    public mutating func updateTab(_ action: ChartTabAction, in context: RegionContext) -> FeatureStep<ChartTabDelegate, Never> {
        guard case let .key(key) = action else { return .none }
        return key == .character("a") ? .tell(.chart(.open(.addVitals))) : .tell(.unhandled(key))
    }

    public func body(width: Int, context: ViewContext, isIncomplete: Bool) -> ScrollContent {
        summary.content { ScrollContent(lines: SummaryView.lines($0, width: width, context: context, isIncomplete: isIncomplete)) }
    }

    public func bindings(isFocused: Bool) -> [KeyBinding] { [KeyHelp.addVitals] }
}
