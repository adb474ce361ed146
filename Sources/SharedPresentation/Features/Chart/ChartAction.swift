import CoreUseCases

/// What happens to the open chart.
public enum ChartAction: Equatable, Sendable {
    /// A key while the chart has the keyboard; from the list, only the tab keys.
    case key(InputKey)
    /// One tab's content arrived; `warning` says when some records could not be shown (they
    /// failed their integrity check), so the chart is marked incomplete.
    case loaded(ChartContent, warning: String? = nil)
    /// One tab's content could not be read; `message` is one line without PHI.
    case failed(ChartTab, String)
    /// `tab` (shown or not) brings `focus` forward, if it has been asked for.
    case focus(ChartTab, ChartFocus)
}

/// What the chart tells the workstation.
public enum ChartDelegate: Equatable, Sendable {
    /// Esc (or ←) on the chart: the list takes the keyboard.
    case backToList
    /// Open the charting form that answers this request (`ChartingForm.open`).
    case open(ChartingRequest)
}

/// What the chart needs from the workstation: the layout, to page and fit its scroll to what
/// the pane shows, and the tabs it switches between.
public struct ChartContext: Sendable {
    public var geometry: WorkstationGeometry
    /// The views' context the pane lays its lines out with.
    public var view: ViewContext
    /// The tab bar's tabs, in order (`ChartTab.registered`).
    public var tabs: [ChartTab]
    /// The keys that open a charting form on any tab (`ChartingFormDescriptor.opensWith`): a
    /// tab's key it does not use is handed on as a form's request.
    public var formKeys: [KeyBinding]

    public init(
        geometry: WorkstationGeometry, view: ViewContext, tabs: [ChartTab] = ChartTab.registered,
        formKeys: [KeyBinding] = ChartingFormKind.registered.compactMap(\.descriptor.opensWith)
    ) {
        self.geometry = geometry
        self.view = view
        self.tabs = tabs
        self.formKeys = formKeys
    }

    /// The banner `chart` shows in this frame: the full one, or the compact one where the full
    /// one would leave the body too few rows.
    public func banner(_ chart: ChartState) -> [StyledLine] {
        BannerView.lines(for: chart, width: geometry.bannerWidth, room: geometry.chartBannerRoom, context: view)
    }

    /// Where the tab body is for `chart`: below its banner (which may take more lines once
    /// the summary is in) and the tab bar.
    public func body(_ chart: ChartState) -> Rect { geometry.chartBody(bannerLines: banner(chart).count) }

    /// The frame is too short to show `chart` whole (its banner, tab bar and four rows): it
    /// says so instead, and takes no key but the one back to the list.
    public func isTooSmall(_ chart: ChartState) -> Bool { body(chart).height < WorkstationGeometry.minimumBodyRows }
}
