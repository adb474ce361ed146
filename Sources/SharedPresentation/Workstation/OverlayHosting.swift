import CoreDomain

/// The workstation's side of an overlay: where it is drawn, opening it from the list, and a
/// patient's chart opened from it.
extension WorkstationState {
    var overlayContext: RegionContext {
        let body = geometry.screenBody
        return RegionContext(width: body.width, height: body.height, view: layoutContext)
    }

    /// The overlay whose key `key` is on this screen (a chart beside the list that uses the
    /// same key keeps it).
    func overlayOpened(by key: InputKey) -> OverlayKind? {
        guard focus == .list, let binding = KeyHelp.bindings(for: self).first(where: { $0.matches(key) }) else { return nil }
        return overlays.first { $0.descriptor.opensWith == binding }
    }

    mutating func openOverlay(_ kind: OverlayKind) -> [WorkstationEffect] {
        let (opened, effects) = kind.open(session)
        overlay = opened
        return effects
    }

    /// Hands the open overlay a key or an answer (`change`) and carries out what it tells.
    mutating func updateOverlay(_ change: (inout OverlayScreen, RegionContext) -> FeatureStep<OverlayDelegate, WorkstationEffect>) -> [WorkstationEffect] {
        guard var open = overlay else { return [] }
        let step = change(&open, overlayContext)
        overlay = open
        return step.effects + step.delegates.flatMap { delegate -> [WorkstationEffect] in
            overlay = nil
            switch delegate {
            case .close: return []
            case let .openChart(entry, tab, focus): return openChart(of: entry, on: tab, focus: focus)
            }
        }
    }

    /// The patient's chart on `tab`, brought forward to `focus` (the Meds tab's MAR), their row
    /// chosen when the list has it loaded.
    private mutating func openChart(of entry: PatientListEntry, on tab: ChartTab, focus chartFocus: ChartFocus?) -> [WorkstationEffect] {
        let highlighted = updateList(.highlight(patientID: entry.id))
        focus = .chart
        var shown = chart?.patientID == entry.id ? chart ?? ChartState(listEntry: entry) : ChartState(listEntry: entry)
        shown.tab = tab
        shown.markLoading(tab)
        shown.scroll[tab] = 0
        chart = shown
        if let chartFocus { _ = updateChart(.focus(tab, chartFocus)) }
        let summary: [WorkstationEffect] = shown.summary == .loading && tab != .summary ? [.chart(patientID: entry.id, .load(.summary))] : []
        return highlighted + summary + [.chart(patientID: entry.id, .load(tab))]
    }
}
