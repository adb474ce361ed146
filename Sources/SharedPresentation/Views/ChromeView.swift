import Foundation

/// The header and footer lines around the panes, and the lock screen. The header carries no
/// patient data, and the lock screen shows none.
public enum ChromeView {
    public static func header(_ state: WorkstationState, width: Int, context: ViewContext) -> StyledLine {
        var left = " EMR · \(state.session.mode.rawValue)"
        if state.session.mode == .demo { left += " synthetic data" }
        switch state.sync {
        case let .synced(date)?: left += " · synced " + DateTimeText.format(date, now: context.now, calendar: context.calendar, timeZone: context.timeZone)
        case .failed?: left += " · sync failed"
        case nil: break
        }
        if let ward = state.session.wardFilter { left += " · Ward \(ward)" }
        left += " · \(state.session.user)"
        if state.unsyncedCount > 0 { left += " · \(state.unsyncedCount) pending" }
        let right = "\(clock(context)) ? "
        let room = max(0, width - DisplayWidth.cells(left) - DisplayWidth.cells(right))
        return StyledLine([Span(left + String(repeating: " ", count: room) + right, .header)])
    }

    /// "Sat 14:05" in local time: the header clock.
    static func clock(_ context: ViewContext) -> String {
        DateTimeText.format(context.now, now: context.now.addingTimeInterval(86_400), calendar: context.calendar, timeZone: context.timeZone)
    }

    /// The status message if there is one, else the keys that work here, as many as fit.
    public static func footer(_ state: WorkstationState, width: Int) -> StyledLine {
        if let status = state.status {
            return StyledLine([Span(" " + status, .warning)])
        }
        var spans: [Span] = [Span(" ", .footer)]
        var used = 1
        for item in KeyHelp.footerItems(for: state) {
            let piece = DisplayWidth.cells(item) + 2
            guard used + piece <= width else { continue }
            let key = item.prefix { $0 != " " }
            spans += [Span(String(key), .footerKey), Span(String(item.dropFirst(key.count)) + "  ", .footer)]
            used += piece
        }
        return StyledLine(spans)
    }

    public static func lockScreen(_ state: WorkstationState) -> [StyledLine] {
        var lines = [
            StyledLine("Screen locked", .header), StyledLine(""),
            StyledLine(state.session.mode == .demo ? "Press Enter to unlock (demo)." : "Type the cache passphrase and press Enter."),
            StyledLine([Span("> "), Span(String(repeating: "*", count: state.lock.input.count), .input)]),
        ]
        if state.lock.isChecking { lines.append(StyledLine("checking…", .dim)) }
        if let message = state.lock.message { lines.append(StyledLine(message, .critical)) }
        if state.lock.failedAttempts > 0 { lines.append(StyledLine("\(state.lock.failedAttempts) failed attempts", .dim)) }
        return lines
    }

    public static func help(_ state: WorkstationState) -> [StyledLine] {
        var lines = [StyledLine("Keys (Esc or ? to close)", .accent)]
        func block(_ title: String, _ bindings: [KeyBinding]) {
            lines.append(StyledLine(""))
            lines.append(StyledLine(title, .accent))
            for binding in bindings {
                lines.append(StyledLine([Span("  " + binding.keys.padding(toLength: 16, withPad: " ", startingAt: 0), .footerKey), Span(binding.action)]))
            }
        }
        block("Patient list", KeyHelp.list)
        block("Chart", KeyHelp.chart)
        block("Everywhere", KeyHelp.common)
        lines.append(StyledLine(""))
        lines.append(StyledLine("Markers: A severe allergy, ! abnormal vital; values: H high, L low, ! critical", .dim))
        if let shift = state.session.demoDateShift {
            lines.append(StyledLine("Demo data: \(shift)", .dim))
        }
        return lines
    }
}
