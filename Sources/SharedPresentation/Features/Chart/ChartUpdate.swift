/// The open chart: tabs (each loaded the first time it is shown) and scrolling fitted to what
/// the pane shows. Each tab is a feature of its own (`ChartTabFeature`): it has the keys
/// first and hands back the ones it does not use, which scroll its body, (Esc) go back to
/// the list, or (a form's key, `o` for the SpO2 target) ask for a charting form. Listed in
/// `KeyHelp.chart`, each tab's bindings, the forms' keys and `common`.
extension ChartState: Feature {
    public mutating func update(_ action: ChartAction, in context: ChartContext) -> FeatureStep<ChartDelegate, ChartEffect> {
        switch action {
        case let .key(key):
            // Too short to show the chart whole: no key acts on what cannot be seen.
            if context.isTooSmall(self) { return KeyHelp.chartBack.matches(key) ? .tell(.backToList) : .none }
            if let next = Self.tab(after: tab, for: key, in: context.tabs) { return show(next, context) }
            return handle(key, context)
        case let .loaded(content, warning):
            receive(content)
            if warning != nil { isIncomplete = true }
            // An offset of 0 is always in range, and only some tabs highlight a row: only a
            // scrolled tab, or one with a chosen row, is measured again.
            if content.tab == tab, (scroll[tab] ?? 0) > 0 || tab.descriptor.choosesRow { fitScroll(context) }
            return .none
        case let .failed(failedTab, message):
            fail(failedTab, message: message)
            return .none
        case let .focus(target, focus):
            _ = update(target, .focus(focus), context)
            return .none
        }
    }

    /// The current tab has the key first; what it does not use scrolls its body or leaves.
    private mutating func handle(_ key: InputKey, _ context: ChartContext) -> FeatureStep<ChartDelegate, ChartEffect> {
        let step = update(tab, .key(key), context)
        var told = FeatureStep<ChartDelegate, ChartEffect>()
        var unhandled: InputKey?
        for delegate in step.delegates {
            switch delegate {
            case let .unhandled(key): unhandled = key
            case .newText: scroll[tab] = 0
            case let .chart(delegate): told.delegates.append(delegate)
            }
        }
        guard told.delegates.isEmpty else { return told }
        guard let key = unhandled else {
            fitScroll(context)
            return told
        }
        if let move = ScrollMove(key) {
            scrollBody(move, context)
            return told
        }
        switch key {
        case .escape, .left, .character("h"): return .tell(.backToList)
        default: return context.formKeys.contains { $0.matches(key) } ? .tell(.open(.key(key))) : told
        }
    }

    /// Hands `action` to `target`'s state (the current tab's, for keys).
    private mutating func update(_ target: ChartTab, _ action: ChartTabAction, _ context: ChartContext) -> FeatureStep<ChartTabDelegate, Never> {
        guard var state = tabStates[target] else {
            if case let .key(key) = action { return .tell(.unhandled(key)) }
            return .none
        }
        let body = context.body(self)
        let step = state.updateTab(action, in: RegionContext(width: body.width, height: body.height, view: context.view))
        tabStates[target] = state
        return step
    }

    /// The tab a tab key leads to: next, previous, or by number; nil for any other key.
    static func tab(after current: ChartTab, for key: InputKey, in tabs: [ChartTab]) -> ChartTab? {
        let index = tabs.firstIndex(of: current) ?? 0
        switch key {
        case .tab: return tabs[(index + 1) % tabs.count]
        case .backTab: return tabs[(index + tabs.count - 1) % tabs.count]
        case let .character(digit):
            guard let number = digit.wholeNumberValue, tabs.indices.contains(number - 1) else { return nil }
            return tabs[number - 1]
        default: return nil
        }
    }

    /// Shows `next`, asking for its content the first time; a tab that keeps each look
    /// (`ChartTabDescriptor.keepsEachLook`) is read and opened again when switched back to,
    /// its shown content kept until the new arrives.
    private mutating func show(_ next: ChartTab, _ context: ChartContext) -> FeatureStep<ChartDelegate, ChartEffect> {
        let previous = tab
        tab = next
        var step = FeatureStep<ChartDelegate, ChartEffect>()
        if !isRequested(next) {
            markLoading(next)
            step.effects.append(.load(next))
        } else if next != previous, next.descriptor.keepsEachLook {
            step.effects.append(.load(next))
        }
        _ = update(next, .shown, context)
        // The screen may have changed size since this tab was last shown.
        fitScroll(context)
        return step
    }

    /// Keeps the current tab's position within its content, its chosen item in view.
    mutating func fitScroll(_ context: ChartContext) {
        reposition(context) { content, position, height in content.fitted(position, height: height) }
    }

    /// Moves through the current tab's body: its chosen item, or its lines where it has none.
    private mutating func scrollBody(_ move: ScrollMove, _ context: ChartContext) {
        reposition(context) { content, position, height in content.moved(position, move, height: height) }
    }

    /// The current tab's position (the chart's offset, the tab's chosen item) set anew from
    /// its body as the pane lays it out.
    private mutating func reposition(_ context: ChartContext, _ change: (ScrollContent, ScrollPosition, Int) -> ScrollPosition) {
        let body = context.body(self)
        let content = ChartBodyView.content(self, width: body.width, context: context.view)
        var state = current
        let position = change(content, ScrollPosition(offset: scroll[tab] ?? 0, selected: state.selection ?? 0), body.height)
        scroll[tab] = position.offset
        guard state.selection != nil else { return }
        state.selection = position.selected
        tabStates[tab] = state
    }
}
