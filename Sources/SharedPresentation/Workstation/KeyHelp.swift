/// The keys of each view, for the `?` overlay and the footer. Kept next to the key handlers
/// so a binding and its help change together.
public struct KeyBinding: Equatable, Sendable {
    public var keys: String
    public var action: String
    /// The short form for the footer ("q quit"); nil keeps the binding on the `?` screen only.
    public var footer: String?

    public init(_ keys: String, _ action: String, footer: String? = nil) {
        self.keys = keys
        self.action = action
        self.footer = footer
    }
}

public enum KeyHelp {
    public static let common: [KeyBinding] = [
        KeyBinding("Tab S-Tab 1-4", "switch chart tab", footer: "Tab tabs"),
        KeyBinding("?", "this help", footer: "? help"),
        KeyBinding("Ctrl-L", "repaint the screen"),
        KeyBinding("L", "lock now", footer: "L lock"),
        KeyBinding("q", "quit (asks first if entries are unsent)", footer: "q quit"),
    ]

    public static let list: [KeyBinding] = [
        KeyBinding("↑↓ j k", "move", footer: "↑↓ move"),
        KeyBinding("PgUp PgDn", "page"),
        KeyBinding("g G Home End", "first / last patient"),
        KeyBinding("Enter → l", "open chart", footer: "Enter open"),
        KeyBinding("/", "search name, MRN or birth date", footer: "/ search"),
        KeyBinding("Esc", "clear search"),
        serverSearch,
    ]

    public static let search: [KeyBinding] = [
        KeyBinding("type", "narrow the list", footer: "type to narrow"),
        KeyBinding("Enter", "keep filter", footer: "Enter keep"),
        KeyBinding("Esc", "clear search", footer: "Esc clear"),
        KeyBinding("↑↓", "move", footer: "↑↓ move"),
        serverSearch,
    ]

    /// Online, a search ends with the server's section: Enter on its first row asks the server.
    static let serverSearch = KeyBinding("Enter", "on \"search the server\": patients beyond the census")

    public static let chart: [KeyBinding] = [
        KeyBinding("↑↓ j k", "scroll / choose encounter", footer: "↑↓ scroll"),
        KeyBinding("PgUp PgDn g G", "page, top, bottom"),
        KeyBinding("Enter", "encounter details"),
        KeyBinding("Esc ← h", "back to list", footer: "Esc back"),
    ]

    public static let addVitals = KeyBinding("a", "add vitals (Summary and Vitals tabs)", footer: "a add vitals")

    public static let vitalsTab: [KeyBinding] = [
        KeyBinding("↑↓ j k", "choose a round (Vitals tab)"),
        KeyBinding("x", "mark the chosen round entered in error", footer: "x in error"),
    ]

    public static let vitalsForm: [KeyBinding] = [
        KeyBinding("Tab S-Tab ↑↓", "next / previous field", footer: "Tab next"),
        KeyBinding("type", "value; temperature in °C, or °F with F (101.2F); time HH:MM"),
        KeyBinding("Space", "room air / O2 (on the Oxygen field)"),
        KeyBinding("Ctrl-U", "clear the field"),
        KeyBinding("Enter", "check the values", footer: "Enter check"),
        KeyBinding("Esc", "leave without saving", footer: "Esc cancel"),
    ]

    /// On a confirm step taller than the screen.
    static let confirmScroll = KeyBinding("↑↓ PgUp PgDn", "scroll, where the screen is too short for it all")

    public static let vitalsConfirm: [KeyBinding] = [
        KeyBinding("Enter", "save", footer: "Enter save"),
        KeyBinding("Esc", "back to the form, nothing saved", footer: "Esc back"),
        confirmScroll,
    ]

    public static let correctionReason: [KeyBinding] = [
        KeyBinding("type", "the reason", footer: "type the reason"),
        KeyBinding("Enter", "next", footer: "Enter next"),
        KeyBinding("Esc", "leave, nothing marked", footer: "Esc cancel"),
    ]

    public static let correctionConfirm: [KeyBinding] = [
        KeyBinding("Enter", "mark entered in error", footer: "Enter mark"),
        KeyBinding("Esc", "back to the reason, nothing marked", footer: "Esc back"),
        confirmScroll,
    ]

    public static let lock: [KeyBinding] = [
        KeyBinding("type, Enter", "unlock", footer: "Enter unlock"),
        KeyBinding("Esc", "clear what was typed", footer: "Esc clear"),
    ]

    /// The bindings that apply to what `state` shows now.
    public static func bindings(for state: WorkstationState) -> [KeyBinding] {
        if state.lock.isLocked { return lock }
        if let charting = state.charting { return bindings(for: charting) }
        if state.patients.search.isEditing { return search }
        var bindings = state.focus == .list ? list : chart
        let tab = state.chart?.tab
        let chartShown = state.focus == .chart || (state.layout != .single && state.chart != nil)
        if chartShown, tab == .summary || tab == .vitals { bindings.append(addVitals) }
        if state.focus == .chart, tab == .vitals { bindings += vitalsTab }
        return bindings + common
    }

    static func bindings(for charting: ChartingScreen) -> [KeyBinding] {
        switch charting {
        case let .vitals(form):
            if case .editing = form.step { vitalsForm } else if case .confirming = form.step { vitalsConfirm } else { [] }
        case let .correction(correction):
            if case .reason = correction.step { correctionReason } else if case .confirming = correction.step { correctionConfirm } else { [] }
        }
    }

    /// Footer order: what quits and what gets help come first, so they show on any width.
    public static func footerItems(for state: WorkstationState) -> [String] {
        let items = bindings(for: state).compactMap(\.footer)
        let essential = ["q quit", "? help"]
        return essential.filter(items.contains) + items.filter { !essential.contains($0) }
    }
}
