/// The key router: which bindings the screen shown has (`Screen`, decided once). Only a key one
/// of them matches is handed on to the screen's views, and the footer and `?` list exactly
/// these, so a key that help does not list does nothing.
extension KeyHelp {
    /// The bindings of the screen `state` shows (`Screen`): the only keys handed on to its views.
    public static func bindings(for state: WorkstationState) -> [KeyBinding] {
        switch state.screen {
        case .tooSmall: return (state.lock.isLocked ? [] : tooSmall) + [repaint]
        case .locked: return lock
        case .help: return helpOverlay + [repaint]
        case .charting: return (state.charting?.bindings ?? []) + [repaint]
        case .overlay: return (state.overlay?.bindings ?? []) + overlayCommon
        case .search: return search + [repaint]
        case .chartTooShort: return [chartBack] + overlayCommon
        case .list, .chart:
            // The list opens the overlays (`d`), unless the chart beside it uses their key.
            var bindings = state.focus == .list ? list + state.overlays.map(\.descriptor.opensWith) : chart
            // Side by side, the chart beside the list has the keys that work without its focus (`a`).
            let chartShown = state.focus == .chart || state.layout != .single
            if chartShown, let open = state.chart {
                // One meaning per key: what the tab uses a key for, the chart does not.
                let tab = open.tabBindings(isFocused: state.focus == .chart)
                bindings = bindings.compactMap { $0.without(tab) } + tab
            }
            // The forms' keys work on every tab, after the tab's own (the footer keeps those first).
            if state.focus == .chart, state.chart != nil { bindings += state.chartingForms.compactMap(\.descriptor.opensWith) }
            return bindings + common(tabCount: state.chartTabs.count)
        }
    }

    /// Footer order: what quits and what gets help come first, so they show on any width.
    public static func footerItems(for state: WorkstationState) -> [String] {
        let items = bindings(for: state).compactMap(\.footer)
        let essential = ["q quit", "? help"]
        return essential.filter(items.contains) + items.filter { !essential.contains($0) }
    }
}
