import CoreDomain
import Foundation

/// One chart tab as a feature of its own (as a child reducer in The Composable Architecture,
/// or a Bubble Tea model): its state, its update for the keys the chart hands it, how its
/// content is read, and its view. The chart holds each tab's state keyed by tab, switches
/// between tabs, scrolls their bodies and never looks inside one; `ChartTab.registered` is the
/// one list that puts a tab on the tab bar.
public protocol ChartTabFeature: Equatable, Sendable {
    /// What a load reads for this tab, delivered to `receive` once read.
    associatedtype Content: Equatable & Sendable

    /// Its title, stable name and keys.
    static var descriptor: ChartTabDescriptor { get }

    /// Reads the tab's content for `patientID`; the effect runner records the view in the
    /// audit trail, and a thrown error shows on the tab as one line.
    static func load(patientID: String, from sources: ChartSources) async throws -> Content

    /// The tab was opened (not refreshed) by the user at `time`, its content read and the view
    /// audited: what the tab keeps about being seen (the Results tab: its results are no longer
    /// new). Most tabs keep nothing.
    static func opened(patientID: String, at time: Date, from sources: ChartSources) async

    /// The tab just asked for: its content loading.
    init()

    /// The content arrived, or could not be read.
    mutating func receive(_ content: Loadable<Content>)

    /// A key while the tab is shown (the chart keeps the tab keys), or the tab being shown.
    /// A key it does not use goes back as `unhandled`: the chart scrolls the body with it, or
    /// goes back to the list on Esc.
    mutating func updateTab(_ action: ChartTabAction, in context: RegionContext) -> FeatureStep<ChartTabDelegate, Never>

    /// The body under the tab bar, `width` columns wide; `isIncomplete` says some of the
    /// chart's records failed their integrity check and are not shown.
    func body(width: Int, context: ViewContext, isIncomplete: Bool) -> ScrollContent

    /// The chosen item of the body now (a round, a dose, a test, an encounter: what `x`, `r` or
    /// `Enter` acts on), which the chart's scroll keys move through the body's items; nil where
    /// the body is text that only scrolls. Setting it to nil changes nothing.
    var selection: Int? { get set }

    /// The keys that work on this tab now (the footer shows them, and no other key of the tab's
    /// is handed on); `isFocused` is false where the chart is shown beside the list that has
    /// the keyboard. Each is also in `descriptor.help`.
    func bindings(isFocused: Bool) -> [KeyBinding]
}

/// What a tab is called and which keys it has, for the tab bar, the audit trail and `?`.
public struct ChartTabDescriptor: Sendable {
    /// The tab's stable name: its identity, and its name in the audit trail (titles may be
    /// reworded; names may not).
    public var name: String
    public var title: String
    /// The title where the tab bar is too narrow for them all.
    public var shortTitle: String
    /// Every binding the tab may have, for the `?` screen.
    public var help: [KeyBinding]
    /// The tab highlights a row (kept in view), so its scroll is fitted again when its
    /// content arrives; the others start at the top, where any offset is in range.
    public var choosesRow: Bool
    /// What the tab keeps about being seen (`opened`) counts every look, not only the first of
    /// a chart: switching back to it from another tab reads, audits and opens it again (the
    /// Results tab, whose `new` marks and the list's `R` go by the user's last look).
    public var keepsEachLook: Bool

    public init(name: String, title: String, shortTitle: String, help: [KeyBinding] = [], choosesRow: Bool = false, keepsEachLook: Bool = false) {
        self.name = name
        self.title = title
        self.shortTitle = shortTitle
        self.help = help
        self.choosesRow = choosesRow
        self.keepsEachLook = keepsEachLook
    }
}

/// What happens to a tab.
public enum ChartTabAction: Equatable, Sendable {
    case key(InputKey)
    /// The tab was chosen (even when it was already the current one).
    case shown
    /// The workstation asks the tab to bring something forward; a tab without it ignores this.
    case focus(ChartFocus)
}

/// What the workstation may ask a tab to bring forward, in the chart's terms, so that it never
/// sets a tab's state itself.
public enum ChartFocus: Equatable, Sendable {
    /// The newest item chosen: a round just charted (Vitals).
    case newest
    /// The doses to give: the MAR rather than the orders (Meds).
    case doses
}

/// What a tab tells the chart.
public enum ChartTabDelegate: Equatable, Sendable {
    /// Not this tab's key: the chart's own (scrolling the body, Esc back to the list).
    case unhandled(InputKey)
    /// The body is another text now (the MAR for the orders, one test's history): it opens at its top.
    case newText
    /// News for the workstation, passed on by the chart.
    case chart(ChartDelegate)
}

extension ChartTabFeature {
    /// This tab's entry for `ChartTab.registered`.
    public static var tab: ChartTab { ChartTab(Self.self) }

    public static func opened(patientID: String, at time: Date, from sources: ChartSources) async {}

    public var selection: Int? {
        get { nil }
        set {}
    }

    static func loadContent(patientID: String, from sources: ChartSources) async throws -> ChartContent {
        ChartContent(Self.self, try await load(patientID: patientID, from: sources))
    }

    /// `content` when it is this tab's (callable on a tab whose type is not known here).
    mutating func receive(boxed content: any Sendable) {
        if let content = content as? Content { receive(.loaded(content)) }
    }

    mutating func fail(_ message: String) { receive(.failed(message)) }

    func isEqual(to other: any ChartTabFeature) -> Bool { (other as? Self) == self }
}
