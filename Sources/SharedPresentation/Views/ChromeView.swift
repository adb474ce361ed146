import Foundation

/// The header and footer lines around the panes, and the `?` screen. The header carries no
/// patient data.
public enum ChromeView {
    /// Where the header is too narrow for everything, whole pieces go, the least needed first
    /// (user, ward, sync time, "synthetic data", clock), so the mode and the unsent count are
    /// never cut.
    public static func header(_ state: WorkstationState, width: Int, context: ViewContext) -> StyledLine {
        // (text, rank): a piece of lower rank goes first; nil is always shown.
        var left: [(text: String, rank: Int?)] = [(" EMR · \(state.session.mode.rawValue)", nil)]
        if state.session.mode == .demo { left.append((" synthetic data", 4)) }
        switch state.sync {
        case let .synced(date)?:
            left.append((" · synced " + DateTimeText.format(date, now: context.now, calendar: context.calendar, timeZone: context.timeZone), 3))
        case .failed?: left.append((" · sync failed", 3))
        case nil: break
        }
        if let ward = state.session.wardFilter { left.append((" · Ward \(ward)", 2)) }
        left.append((" · \(state.session.clinicianName ?? state.session.user)", 1))
        if state.unsyncedCount > 0 {
            left.append((" · \(state.unsyncedCount) unsent" + (state.outbox.failed > 0 ? " (\(state.outbox.failed) failed)" : ""), nil))
        }
        var clockText: String? = Self.clock(context) + " "
        func used() -> Int { left.map { DisplayWidth.cells($0.text) }.reduce(0, +) + DisplayWidth.cells((clockText ?? "") + "? ") }
        for rank in 1...5 where used() > width {
            if rank == 5 { clockText = nil } else { left.removeAll { $0.rank == rank } }
        }
        let right = (clockText ?? "") + "? "
        let text = left.map(\.text).joined()
        let room = max(0, width - DisplayWidth.cells(text) - DisplayWidth.cells(right))
        return StyledLine([Span(text + String(repeating: " ", count: room) + right, .header)])
    }

    /// "Sat 14:05" in local time: the header clock.
    static func clock(_ context: ViewContext) -> String {
        DateTimeText.format(context.now, now: context.now.addingTimeInterval(86_400), calendar: context.calendar, timeZone: context.timeZone)
    }

    /// The status message if there is one, else the keys that work here, as many as fit.
    public static func footer(_ state: WorkstationState, width: Int, unicode: Bool = true) -> StyledLine {
        if let notice = state.notice { return StatusLineView.line(notice, width: width, unicode: unicode) }
        let items = KeyHelp.footerItems(for: state)
        // Every key at the design size: in shorter words, then closer together, before any is
        // left to `?` alone.
        let short = items.map(shortFooterItem)
        let (shown, gap) = [(items, 2), (short, 2), (short, 1)]
            .first { DisplayWidth.cells($0.0.joined()) + $0.0.count * $0.1 + 1 <= width } ?? (short, 1)
        var spans: [Span] = [Span(" ", .footer)]
        var used = 1
        for item in shown {
            let piece = DisplayWidth.cells(item) + gap
            guard used + piece <= width else { continue }
            let key = item.prefix { $0 != " " }
            spans += [Span(String(key), .footerKey), Span(String(item.dropFirst(key.count)) + String(repeating: " ", count: gap), .footer)]
            used += piece
        }
        return StyledLine(spans)
    }

    /// Footer words a narrow footer shortens, the key kept: `a vitals`, `o SpO2`, `x error`,
    /// `/ find`, `d due`, `↑↓ move`.
    static let shortFooterWords = ["add vitals": "vitals", "SpO2 target": "SpO2", "in error": "error", "search": "find", "doses": "due", "scroll": "move", "orders": "Rx"]

    static func shortFooterItem(_ item: String) -> String {
        let key = item.prefix { $0 != " " }
        let words = item.dropFirst(key.count + 1)
        return shortFooterWords[String(words)].map { "\(key) \($0)" } ?? item
    }

    /// The `?` screen: every binding by view, wrapped to `width`; it scrolls when taller than the screen.
    public static func help(_ state: WorkstationState, width: Int) -> [StyledLine] {
        let keyWidth = 18
        var lines = [StyledLine("Keys (Esc or ? to close)", .accent)]
        func block(_ title: String, _ bindings: [KeyBinding]) {
            lines.append(StyledLine(""))
            lines += LineWrapping.wrap([Span(title, .accent)], width: width)
            for binding in bindings {
                let wrapped = LineWrapping.wrap([Span(binding.action)], width: max(10, width - keyWidth))
                let key = Span("  " + binding.label.padding(toLength: keyWidth - 2, withPad: " ", startingAt: 0), .footerKey)
                lines.append(StyledLine([key] + wrapped[0].spans))
                lines += wrapped.dropFirst().map { StyledLine([Span(String(repeating: " ", count: keyWidth))] + $0.spans) }
            }
        }
        block("Patient list", KeyHelp.list + state.overlays.map(\.descriptor.opensWith) + [KeyHelp.addVitals])
        block("Searching the list (/)", KeyHelp.search)
        // Each overlay's block, in the order of `OverlayKind.registered`.
        for help in state.overlays.map(\.descriptor.help) { block(help.title, help.bindings) }
        // Each tab's keys, in tab-bar order; a key two tabs share (`a`) is listed once; then the
        // forms' keys (`o`), on every tab.
        var chart = KeyHelp.chart
        let formKeys = state.chartingForms.compactMap(\.descriptor.opensWith)
        for binding in state.chartTabs.flatMap(\.descriptor.help) + formKeys where !chart.contains(binding) {
            chart.append(binding)
        }
        block("Chart", chart)
        // Each form's blocks, in the order of `ChartingFormKind.registered`.
        for help in state.chartingForms.flatMap(\.descriptor.help) { block(help.title, help.bindings) }
        block("Everywhere", KeyHelp.common(tabCount: state.chartTabs.count))
        block("This help", KeyHelp.helpOverlay)
        lines.append(StyledLine(""))
        let notes = [
            "Markers: ≈ similar name on the census, A severe allergy, ! abnormal vital, C critical result (72 h), R new results, off not on the census; vital signs: H high, L low, H! L! critical; results: H, L, HH LL critical, A abnormal; new: a result since you last opened Results; ward: the ward's range, the laboratory sent none",
            "List NEWS2 (newest complete round): 7H high, 5M medium, 3S a single parameter scoring 3, 2 low, * older than 12 h (stale); to do: O obs, D a dose, B both, capital when late, small (o d b) when due, ? doses not known since the row was stored (see the MAR); a wide list says them in words",
            "Charted values show pending until the server has them, FAILED with the server's reason if it refused them",
        ] + (state.session.mode == .demo ? ["Demo: vitals you chart are kept in the demo cache and stay pending, as there is no server"] : [])
            + (state.session.demoDateShift.map { ["Demo data: \($0)"] } ?? [])
        for note in notes { lines += LineWrapping.wrap([Span(note, .dim)], width: width, indent: 2) }
        return lines
    }
}
