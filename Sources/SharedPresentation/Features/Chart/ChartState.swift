import CoreDomain
import CoreUseCases

/// One patient's open chart: which tab shows, each asked-for tab's state, and each tab's
/// scroll. The summary is always loaded because the banner and the allergy status it
/// carries must show on every tab.
public struct ChartState: Equatable, Sendable {
    public var patientID: String
    /// The list row, so the banner can name the patient before the summary arrives.
    public var listEntry: PatientListEntry
    public var tab: ChartTab = .summary
    /// Each asked-for tab's own state.
    var tabStates = ChartTabStates()
    /// First visible line of each tab's body.
    public var scroll: [ChartTab: Int] = [:]
    /// Some records of this chart failed their integrity check and are not shown, so an
    /// absence (no allergies, no problems) cannot be trusted.
    public var isIncomplete = false

    public init(listEntry: PatientListEntry) {
        self.patientID = listEntry.id
        self.listEntry = listEntry
        tabStates[SummaryState.self] = SummaryState()
    }

    /// A tab's state, by its feature: `chart[VitalsState.self]`; nil until the tab is asked for.
    public subscript<Feature: ChartTabFeature>(_ feature: Feature.Type) -> Feature? {
        get { tabStates[feature] }
        set { tabStates[feature] = newValue }
    }

    /// The patient's summary, for the banner on every tab.
    public var summary: Loadable<PatientSummary> { self[SummaryState.self]?.summary ?? .loading }

    /// True when `tab` has been asked for (loading, loaded or failed).
    func isRequested(_ tab: ChartTab) -> Bool { tabStates[tab] != nil }

    /// Asks for `tab`: a tab not asked for yet starts loading; one already asked for is kept.
    mutating func markLoading(_ tab: ChartTab) {
        if tabStates[tab] == nil { tabStates[tab] = tab.emptyState() }
    }

    mutating func receive(_ content: ChartContent) {
        var state = tabStates[content.tab] ?? content.tab.emptyState()
        state.receive(boxed: content.value)
        tabStates[content.tab] = state
    }

    mutating func fail(_ tab: ChartTab, message: String) {
        var state = tabStates[tab] ?? tab.emptyState()
        state.fail(message)
        tabStates[tab] = state
    }

    /// Where the current tab's body is scrolled to, and its chosen item.
    public var position: ScrollPosition { ScrollPosition(offset: scroll[tab] ?? 0, selected: current.selection ?? 0) }

    /// The current tab's state (a fresh one, loading, if it was never asked for).
    var current: any ChartTabFeature { tabStates[tab] ?? tab.emptyState() }

    /// The keys the current tab has now (see `ChartTabFeature.bindings`).
    func tabBindings(isFocused: Bool) -> [KeyBinding] { current.bindings(isFocused: isFocused) }
}
