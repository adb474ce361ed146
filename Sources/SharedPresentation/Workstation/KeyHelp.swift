/// The keys of each view, for the `?` overlay and the footer. Kept next to the key handlers
/// so a binding and its help change together.
public struct KeyBinding: Equatable, Sendable {
    public var keys: String
    public var action: String
    /// Shown in the footer when there is room; the rest are on the `?` screen only.
    public var inFooter: Bool

    public init(_ keys: String, _ action: String, footer: Bool = false) {
        self.keys = keys
        self.action = action
        self.inFooter = footer
    }
}

public enum KeyHelp {
    public static let common: [KeyBinding] = [
        KeyBinding("Tab S-Tab 1-4", "switch chart tab", footer: true),
        KeyBinding("?", "this help", footer: true),
        KeyBinding("Ctrl-L", "repaint the screen"),
        KeyBinding("L", "lock now", footer: true),
        KeyBinding("q", "quit (asks first if entries are unsent)", footer: true),
    ]

    public static let list: [KeyBinding] = [
        KeyBinding("↑↓ j k", "move", footer: true),
        KeyBinding("PgUp PgDn", "page"),
        KeyBinding("g G Home End", "first / last patient"),
        KeyBinding("Enter → l", "open chart", footer: true),
        KeyBinding("/", "search name, MRN or birth date", footer: true),
        KeyBinding("Esc", "clear search"),
    ]

    public static let search: [KeyBinding] = [
        KeyBinding("type", "narrow the list", footer: true),
        KeyBinding("Enter", "keep filter", footer: true),
        KeyBinding("Esc", "clear search", footer: true),
        KeyBinding("↑↓", "move", footer: true),
    ]

    public static let chart: [KeyBinding] = [
        KeyBinding("↑↓ j k", "scroll / choose encounter", footer: true),
        KeyBinding("PgUp PgDn g G", "page, top, bottom"),
        KeyBinding("Enter", "encounter details"),
        KeyBinding("Esc ← h", "back to list", footer: true),
    ]

    public static let lock: [KeyBinding] = [
        KeyBinding("type, Enter", "unlock", footer: true),
        KeyBinding("Esc", "clear what was typed", footer: true),
    ]

    /// The bindings that apply to what `state` shows now.
    public static func bindings(for state: WorkstationState) -> [KeyBinding] {
        if state.lock.isLocked { return lock }
        if state.patients.search.isEditing { return search }
        return (state.focus == .list ? list : chart) + common
    }
}
