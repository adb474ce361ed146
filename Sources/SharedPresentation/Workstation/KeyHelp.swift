import CoreDomain

/// One thing a user can do with the keyboard: the keys that do it, and the words for the `?`
/// screen and the footer, together as one value (as Bubble Tea's `key.Binding`). The
/// workstation hands a key to a view's handler only when one of the view's bindings matches
/// it, so a key that help does not list does nothing; a test presses every binding's keys to
/// check each one does something.
public struct KeyBinding: Equatable, Sendable {
    /// The keys that do this.
    public var keys: [InputKey]
    /// Typing: every printable character (and Backspace) edits the text being typed.
    public var typesText: Bool
    /// How the keys are written on the `?` screen ("↑↓ j k").
    public var label: String
    public var action: String
    /// The short form for the footer ("q quit"); nil keeps the binding on the `?` screen only.
    public var footer: String?

    public init(_ keys: [InputKey], _ label: String, _ action: String, footer: String? = nil, typesText: Bool = false) {
        self.keys = keys
        self.typesText = typesText
        self.label = label
        self.action = action
        self.footer = footer
    }

    /// This binding without the keys `others` take (the Results tab's `←` means newer, not
    /// back): its label names the keys left; nil when none is left.
    func without(_ others: [KeyBinding]) -> KeyBinding? {
        let left = keys.filter { key in !others.contains { $0.matches(key) } }
        guard left.count != keys.count else { return self }
        guard !left.isEmpty else { return nil }
        var binding = self
        binding.keys = left
        binding.label = KeyHelp.keyNames(left)
        return binding
    }

    public func matches(_ key: InputKey) -> Bool {
        if keys.contains(key) { return true }
        guard typesText else { return false }
        switch key {
        case let .character(character): return !character.isNewline
        case .backspace, .delete: return true
        default: return false
        }
    }
}

public enum KeyHelp {
    static let upDown: [InputKey] = [.up, .down, .character("j"), .character("k")]
    static let ends: [InputKey] = [.home, .end, .character("g"), .character("G")]

    /// Works everywhere but on the lock screen: a garbled screen must be recoverable.
    static let repaint = KeyBinding([.control("l")], "Ctrl-L", "repaint the screen")

    public static let common = common(tabCount: ChartTab.registered.count)

    /// Everywhere but on the lock, help and charting screens; Tab, S-Tab and a number per chart
    /// tab switch tabs. Numbers go to 9: a tenth tab is reached with Tab (there is no key `10`).
    public static func common(tabCount: Int) -> [KeyBinding] {
        let numbered = min(max(0, tabCount), 9)
        let digits: [InputKey] = (0..<numbered).map { .character(Character(String($0 + 1))) }
        return [
            KeyBinding([.tab, .backTab] + digits, numbered > 0 ? "Tab S-Tab 1-\(numbered)" : "Tab S-Tab", "switch chart tab", footer: "Tab tabs"),
            KeyBinding([.character("?")], "?", "this help", footer: "? help"),
            repaint,
            KeyBinding([.character("L")], "L", "lock now", footer: "L lock"),
            KeyBinding([.character("q")], "q", "quit (asks first if entries are unsent)", footer: "q quit"),
        ]
    }

    /// Esc back to the list; `←` and `h` too where the tab has no other use for them.
    static let chartBack = KeyBinding([.escape, .left, .character("h")], "Esc ← h", "back to list", footer: "Esc back")

    public static let chart: [KeyBinding] = [
        KeyBinding(upDown, "↑↓ j k", "scroll / choose encounter, round, dose or test", footer: "↑↓ scroll"),
        KeyBinding([.pageUp, .pageDown] + ends, "PgUp PgDn g G", "page, top, bottom"),
        chartBack,
    ]

    public static let addVitals = KeyBinding([.character("a")], "a", "add vitals (Summary and Vitals tabs)", footer: "a add vitals")

    /// On the Results tab only.
    public static let resultsTab: [KeyBinding] = [
        KeyBinding([.right, .character("l"), .left, .character("h")], "→ l ← h", "older / newer collections (Results tab)", footer: "→ older"),
        KeyBinding([.enter], "Enter", "the chosen test's every result (Results tab)", footer: "Enter history"),
    ]

    public static let vitalsForm: [KeyBinding] = [
        KeyBinding([.tab, .backTab, .up, .down], "Tab S-Tab ↑↓", "next / previous field", footer: "Tab next"),
        typeValue,
        oxygenChoice,
        deviceChoice,
        clearField,
        KeyBinding([.enter], "Enter", "check the values", footer: "Enter check"),
        KeyBinding([.escape], "Esc", "leave without saving", footer: "Esc cancel"),
    ]

    /// On a form whose values are numbers and times: the keys, not a character.
    static let formHelp = KeyBinding([.character("?")], "?", "this help", footer: "? help")

    /// On every field but Oxygen and O2 device.
    static let typeValue = KeyBinding([], "type", "value; temperature in °C, or °F with F (101.2F); time HH:MM", typesText: true)
    static let clearField = KeyBinding([.control("u")], "Ctrl-U", "clear the field")
    /// On the Oxygen field only, which is chosen, not typed.
    static let oxygenChoice = KeyBinding(
        [" ", "o", "O", "2", "r", "R", "a", "A"].map { .character($0) } + [.left, .right], "Space ← → o r",
        "room air / O2 (on the Oxygen field: Space or arrows switch, o O2, r room air)")
    /// On the O2 device field only, which is picked, not typed.
    static let deviceChoice = KeyBinding(
        OxygenDevice.allCases.flatMap { [.character($0.letter), .character(Character($0.letter.lowercased()))] } + [.character(" "), .left, .right],
        OxygenDevice.allCases.map { String($0.letter) }.joined(separator: " "), "O2 device (on its field: \(OxygenDevice.choices); Space or arrows step through)")

    /// On a form's step, the scroll keys it does not use itself (`ChartingScreen`).
    static func formScroll(_ keys: [InputKey]) -> KeyBinding {
        KeyBinding(keys, keyNames(keys), "scroll, where the screen is too short for it all")
    }

    /// Enter on a confirm step not yet on screen whole: it shows the rest first.
    static let confirmMore = KeyBinding([.enter], "Enter", "show the rest: a check saves once all of it has been on screen", footer: "Enter more")

    /// How keys are written on the `?` screen: `↑↓ j k PgUp PgDn g G`.
    static func keyNames(_ keys: [InputKey]) -> String {
        var names: [String] = []
        for key in keys {
            switch key {
            case .up: names.append("↑")
            case .down: names.append(names.last == "↑" ? names.removeLast() + "↓" : "↓")
            case .pageUp: names.append("PgUp")
            case .pageDown: names.append("PgDn")
            case .home: names.append("Home")
            case .end: names.append("End")
            case .left: names.append("←")
            case .right: names.append("→")
            case .escape: names.append("Esc")
            case .enter: names.append("Enter")
            case let .character(character): names.append(String(character))
            default: continue
            }
        }
        return names.joined(separator: " ")
    }

    public static let vitalsConfirm: [KeyBinding] = [
        KeyBinding([.enter], "Enter", "save", footer: "Enter save"),
        KeyBinding([.escape], "Esc", "back to the form, nothing saved", footer: "Esc back"),
    ]

    public static let correctionReason: [KeyBinding] = [
        KeyBinding([], "type", "the reason", footer: "type the reason", typesText: true),
        KeyBinding([.control("u")], "Ctrl-U", "clear the reason"),
        KeyBinding([.enter], "Enter", "next", footer: "Enter next"),
        KeyBinding([.escape], "Esc", "leave, nothing marked", footer: "Esc cancel"),
    ]

    public static let correctionConfirm: [KeyBinding] = [
        KeyBinding([.enter], "Enter", "mark entered in error", footer: "Enter mark"),
        KeyBinding([.escape], "Esc", "back to the reason, nothing marked", footer: "Esc back"),
    ]

    public static let spo2TargetConfirm: [KeyBinding] = [
        KeyBinding([.enter], "Enter", "set or clear the SpO2 target as shown", footer: "Enter save"),
        KeyBinding([.escape], "Esc", "leave, nothing saved", footer: "Esc cancel"),
    ]

    public static let lock: [KeyBinding] = [
        KeyBinding([.enter], "type, Enter", "unlock", footer: "Enter unlock", typesText: true),
        KeyBinding([.escape], "Esc", "clear what was typed", footer: "Esc clear"),
    ]

    /// On the `?` screen, taller than a small screen.
    public static let helpOverlay: [KeyBinding] = [
        KeyBinding([.escape, .character("?"), .character("q"), .enter], "Esc ? q Enter", "close this help", footer: "Esc close"),
        KeyBinding(upDown + [.pageUp, .pageDown] + ends, "↑↓ PgUp PgDn", "scroll", footer: "↑↓ scroll"),
    ]

    /// On a screen below the minimum size, where nothing else is shown.
    static let tooSmall = [KeyBinding([.character("q")], "q", "quit (asks first if entries are unsent)", footer: "q quit")]

    /// The bindings of the screen `state` shows (`Screen`): the only keys handed on to its views.
    public static func bindings(for state: WorkstationState) -> [KeyBinding] {
        switch state.screen {
        case .tooSmall: return (state.lock.isLocked ? [] : tooSmall) + [repaint]
        case .locked: return lock
        case .help: return helpOverlay + [repaint]
        case .charting: return (state.charting?.bindings ?? []) + [repaint]
        case .wardDoses: return wardDoses + wardDosesCommon
        case .search: return search + [repaint]
        case .chartTooShort: return [chartBack] + wardDosesCommon
        case .list, .chart:
            var bindings = state.focus == .list ? list : chart
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
