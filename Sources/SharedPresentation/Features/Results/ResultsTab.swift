import CoreDomain
import CoreUseCases
import Foundation

extension ChartTab {
    public static let results = ResultsState.tab
}

/// The Results tab reads `LoadResults` and draws `ResultsView`; its keys are `ResultsState`'s
/// own update, whose news the chart hears as a tab's.
extension ResultsState: ChartTabFeature {
    public static let descriptor = ChartTabDescriptor(
        name: "results", title: "Results", shortTitle: "Res", help: KeyHelp.resultsTab, choosesRow: true, keepsEachLook: true)

    public static func load(patientID: String, from sources: ChartSources) async throws -> ResultsWorksheet {
        try await LoadResults(chart: sources.chart, views: sources.resultViews)(patientID: patientID)
    }

    /// Its results are no longer new to this user, and the list row's marker goes. A view that
    /// cannot be kept leaves the results marked new, the safe side.
    public static func opened(patientID: String, at time: Date, from sources: ChartSources) async {
        guard let views = sources.resultViews else { return }
        do {
            try await views.recordViewed(patientID: patientID, at: time)
            try await sources.directory?.refresh(patientID: patientID)
        } catch {
            Log.debug("results.viewed.failed", .error(error))
        }
    }

    public mutating func receive(_ content: Loadable<ResultsWorksheet>) { worksheet = content }

    public mutating func updateTab(_ action: ChartTabAction, in context: RegionContext) -> FeatureStep<ChartTabDelegate, Never> {
        guard case let .key(key) = action else { return .none }
        let wasHistoryOpen = isHistoryOpen
        let step = update(.key(key), in: context)
        // The history and the worksheet are different texts: each opens at its top.
        let newText: [ChartTabDelegate] = isHistoryOpen != wasHistoryOpen ? [.newText] : []
        return FeatureStep(effects: step.effects, delegates: newText + step.delegates.map { delegate in
            switch delegate {
            case .backToList: .chart(.backToList)
            case let .unhandled(key): .unhandled(key)
            }
        })
    }

    public func body(width: Int, context: ViewContext, isIncomplete: Bool) -> ScrollContent {
        ResultsView.content(self, width: width, context: context)
    }

    /// The chosen test while the worksheet shows; the history is text.
    public var selection: Int? {
        get { isHistoryOpen ? nil : selectedTest }
        set { if let newValue { selectedTest = newValue } }
    }

    public func bindings(isFocused: Bool) -> [KeyBinding] { isFocused && !isHistoryOpen ? KeyHelp.resultsTab : [] }
}
