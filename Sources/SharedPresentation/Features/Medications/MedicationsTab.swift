import CoreUseCases

extension ChartTab {
    public static let medications = MedicationsState.tab
}

/// The Meds tab reads `LoadMedications` (with the ward's administration times, for the MAR)
/// and draws `MedicationsView`; its keys are `MedicationsState`'s own update, whose news the
/// chart hears as a tab's.
extension MedicationsState: ChartTabFeature {
    public static let descriptor = ChartTabDescriptor(name: "medications", title: "Meds", shortTitle: "Meds", help: KeyHelp.medicationsTab)

    public init() { self.init(list: .loading) }

    public static func load(patientID: String, from sources: ChartSources) async throws -> MedicationList {
        try await LoadMedications(chart: sources.chart, ward: sources.administrationTimes)(patientID: patientID)
    }

    public mutating func receive(_ content: Loadable<MedicationList>) { list = content }

    public mutating func updateTab(_ action: ChartTabAction, in context: RegionContext) -> FeatureStep<ChartTabDelegate> {
        guard case let .key(key) = action else { return .none }
        let wasMARShown = isMARShown
        let step = update(.key(key), in: ())
        // The orders and the MAR are different texts: each opens at its top.
        let newText: [ChartTabDelegate] = isMARShown != wasMARShown ? [.newText] : []
        return FeatureStep(effects: step.effects, delegates: newText + step.delegates.map { delegate in
            switch delegate {
            case let .unhandled(key): .unhandled(key)
            }
        })
    }

    public func body(width: Int, context: ViewContext, isIncomplete: Bool) -> ScrollContent {
        list.content { ScrollContent(lines: MedicationsView.lines($0, isMARShown: isMARShown, width: width, context: context)) }
    }

    public func bindings(isFocused: Bool) -> [KeyBinding] { isFocused ? KeyHelp.medicationsTab : [] }
}
