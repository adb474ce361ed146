import CoreUseCases

extension ChartTab {
    public static let medications = MedicationsState.tab
}

/// The Meds tab reads `LoadMedications` (with the ward's administration times, for the MAR)
/// and draws `MedicationsView`; its keys are `MedicationsState`'s own update, whose news the
/// chart hears as a tab's.
extension MedicationsState: ChartTabFeature {
    public static let descriptor = ChartTabDescriptor(name: "medications", title: "Meds", shortTitle: "Meds", help: KeyHelp.medicationsTab + KeyHelp.marDoses + [KeyHelp.marAsNeeded, KeyHelp.marInfusion], choosesRow: true)

    public init() { self.init(list: .loading) }

    public static func load(patientID: String, from sources: ChartSources) async throws -> MedicationList {
        try await LoadMedications(chart: sources.chart, ward: sources.administrationTimes)(patientID: patientID)
    }

    public mutating func receive(_ content: Loadable<MedicationList>) { list = content }

    public mutating func updateTab(_ action: ChartTabAction, in context: RegionContext) -> FeatureStep<ChartTabDelegate, Never> {
        guard case let .key(key) = action else {
            if action == .focus(.doses) { isMARShown = true }
            return .none
        }
        let wasMARShown = isMARShown
        let step = update(.key(key), in: context)
        // The orders and the MAR are different texts: each opens at its top, the MAR with its
        // first dose due or late chosen (what a nurse records next).
        let newText: [ChartTabDelegate] = isMARShown != wasMARShown ? [.newText] : []
        if isMARShown, !wasMARShown, let record = list.value?.record {
            chosenDose = record.doses.firstIndex { $0.status(at: context.view.now, window: record.window).isOutstanding } ?? 0
        }
        return FeatureStep(effects: step.effects, delegates: newText + step.delegates.map { delegate in
            switch delegate {
            case let .unhandled(key): .unhandled(key)
            case let .recordDose(dose): .chart(.open(.recordDose(dose)))
            case let .correctDose(dose): .chart(.open(.correctDose(dose)))
            case let .recordEffect(dose): .chart(.open(.recordEffect(dose)))
            case let .recordInfusion(infusion): .chart(.open(.recordInfusion(infusion)))
            }
        })
    }

    public func body(width: Int, context: ViewContext, isIncomplete: Bool) -> ScrollContent {
        list.content { list in
            guard isMARShown else { return ScrollContent(lines: MedicationsView.lines(list, width: width, context: context)) }
            // The chosen dose is marked.
            return MARView.content(list, chosen: chosenDose, width: width, context: context)
        }
    }

    /// The chosen dose or as-needed order while the MAR shows; the orders are text.
    public var selection: Int? {
        get { isMARShown ? chosenDose : nil }
        set { if let newValue { chosenDose = newValue } }
    }

    /// `m` (on the MAR, `m orders`); on the MAR the keys of the chosen item: `r` and `x` for a dose, `e` too on a PRN
    /// line, `r` alone on an infusion.
    public func bindings(isFocused: Bool) -> [KeyBinding] {
        guard isFocused else { return [] }
        let toggle = isMARShown ? [KeyHelp.marToOrders] : KeyHelp.medicationsTab
        switch isMARShown ? list.value?.record.flatMap(chosenItem) : nil {
        case nil: return toggle
        case .dose?: return toggle + KeyHelp.marDoses
        case .asNeeded?: return toggle + KeyHelp.marDoses + [KeyHelp.marAsNeeded]
        case .infusion?: return toggle + [KeyHelp.marInfusion]
        }
    }
}
