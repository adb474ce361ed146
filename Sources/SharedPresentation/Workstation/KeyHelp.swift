import CoreDomain

/// The keys every screen shares (quit, help, repaint, the chart's moves, the forms' scroll) and
/// how keys are named; each feature's own bindings sit in its folder (`…Bindings.swift`), and
/// which of them a screen has is `ScreenBindings`.
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

    /// The workstation's own keys that still work over an overlay (help, lock, quit): not the
    /// chart's tab keys, which have no chart there (nor on a chart too short to show).
    public static var overlayCommon: [KeyBinding] { common.filter { !$0.keys.contains(.tab) } }

    /// Esc back to the list; `←` and `h` too where the tab has no other use for them.
    static let chartBack = KeyBinding([.escape, .left, .character("h")], "Esc ← h", "back to list", footer: "Esc back")

    public static let chart: [KeyBinding] = [
        KeyBinding(upDown, "↑↓ j k", "scroll / choose encounter, round, dose or test", footer: "↑↓ scroll"),
        KeyBinding([.pageUp, .pageDown] + ends, "PgUp PgDn g G", "page, top, bottom"),
        chartBack,
    ]

    public static let addVitals = KeyBinding([.character("a")], "a", "add vitals (Summary and Vitals tabs)", footer: "a add vitals")

    /// On a form whose values are numbers and times: the keys, not a character.
    static let formHelp = KeyBinding([.character("?")], "?", "this help", footer: "? help")

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

    /// On the `?` screen, taller than a small screen.
    public static let helpOverlay: [KeyBinding] = [
        KeyBinding([.escape, .character("?"), .character("q"), .enter], "Esc ? q Enter", "close this help", footer: "Esc close"),
        KeyBinding(upDown + [.pageUp, .pageDown] + ends, "↑↓ PgUp PgDn", "scroll", footer: "↑↓ scroll"),
    ]

    /// On a screen below the minimum size, where nothing else is shown.
    static let tooSmall = [KeyBinding([.character("q")], "q", "quit (asks first if entries are unsent)", footer: "q quit")]
}
