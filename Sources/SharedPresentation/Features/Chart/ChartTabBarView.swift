/// The tab bar under the banner: every tab with its number key (1-9; a tenth is reached with
/// Tab), the current one bracketed and its title always whole. Where every full title does not
/// fit, the padding goes first, then the other tabs' titles shorten, then the tabs farthest
/// from the current one show by their numbers alone; on a bar too narrow even for that, they
/// give way to `…`.
public enum ChartTabBarView {
    public static func line(_ tabs: [ChartTab], current: ChartTab, width: Int, showBack: Bool) -> StyledLine {
        let back = " Esc back"
        let chosen = tabs.firstIndex(of: current) ?? 0
        for (levels, padded) in degrading(tabs.count, chosen: chosen) {
            let spans = spans(tabs, chosen, levels, padded: padded)
            let cells = spans.reduce(0) { $0 + DisplayWidth.cells($1.text) }
            if cells <= width {
                let room = width - cells
                return StyledLine(spans + (showBack && room >= back.count ? [Span(DisplayWidth.padded("", to: room - back.count) + back, .dim)] : []))
            }
        }
        return StyledLine(strip(tabs, chosen, width: width))
    }

    /// How much of another tab's title shows.
    private enum Level { case full, short, number }

    /// From the roomiest bar to the tightest: full titles (padded, then not), the others short,
    /// then the others numbered one by one from the farthest. The current tab stays whole.
    private static func degrading(_ count: Int, chosen: Int) -> [(levels: [Level], padded: Bool)] {
        let full = Array(repeating: Level.full, count: count)
        var levels = Array(repeating: Level.short, count: count)
        var steps = [(full, true), (full, false), (levels, false)]
        for index in (0..<count).filter({ $0 != chosen }).sorted(by: { abs($0 - chosen) > abs($1 - chosen) }) {
            levels[index] = .number
            steps.append((levels, false))
        }
        return steps
    }

    private static func spans(_ tabs: [ChartTab], _ chosen: Int, _ levels: [Level], padded: Bool) -> [Span] {
        var spans: [Span] = []
        for index in tabs.indices {
            if !spans.isEmpty { spans.append(Span(" ")) }
            let text = label(tabs[index], index, chosen: chosen, levels[index])
            spans.append(Span(padded && index != chosen ? " \(text) " : text, index == chosen ? .tabActive : .tabInactive))
        }
        return spans
    }

    /// `[2 Encounters]` for the current tab; another as its level says (`3 Vitals`, `3 Vit`, `3`).
    private static func label(_ tab: ChartTab, _ index: Int, chosen: Int, _ level: Level) -> String {
        let number = index < 9 ? "\(index + 1)" : nil
        func titled(_ title: String) -> String { [number, title].compactMap { $0 }.joined(separator: " ") }
        if index == chosen { return "[\(titled(tab.title))]" }
        switch level {
        case .full: return titled(tab.title)
        case .short: return titled(tab.shortTitle)
        case .number: return number ?? tab.shortTitle
        }
    }

    /// The current tab whole with its nearest neighbours by number, as many as fit, and `…`
    /// where tabs give way.
    private static func strip(_ tabs: [ChartTab], _ chosen: Int, width: Int) -> [Span] {
        let labels = tabs.indices.map { label(tabs[$0], $0, chosen: chosen, .number) }
        var shown = chosen...chosen
        func cells(_ range: ClosedRange<Int>) -> Int {
            range.reduce(0) { $0 + DisplayWidth.cells(labels[$1]) + 1 } - 1 + (range.lowerBound > 0 ? 2 : 0) + (range.upperBound < tabs.count - 1 ? 2 : 0)
        }
        while true {
            // Either side in turn, so the current tab stays near the middle.
            let right = shown.upperBound + 1 < tabs.count ? shown.lowerBound...(shown.upperBound + 1) : nil
            let left = shown.lowerBound > 0 ? (shown.lowerBound - 1)...shown.upperBound : nil
            let wider = (chosen - shown.lowerBound < shown.upperBound - chosen ? [left, right] : [right, left]).compactMap { $0 }
            guard let next = wider.first(where: { cells($0) <= width }) else { break }
            shown = next
        }
        var spans: [Span] = shown.lowerBound > 0 ? [Span("… ", .tabInactive)] : []
        for index in shown {
            if index > shown.lowerBound { spans.append(Span(" ")) }
            spans.append(Span(labels[index], index == chosen ? .tabActive : .tabInactive))
        }
        return spans + (shown.upperBound < tabs.count - 1 ? [Span(" …", .tabInactive)] : [])
    }
}
