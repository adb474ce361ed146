/// The tab bar under the banner: every tab with its number key, the current one bracketed.
/// Where the full titles do not fit, the padding goes first, then the titles shorten; every
/// tab and its number always show.
public enum ChartTabBarView {
    public static func line(_ tabs: [ChartTab], current: ChartTab, width: Int, showBack: Bool) -> StyledLine {
        let back = " Esc back"
        for style in Style.allCases {
            let spans = spans(tabs, current, style)
            let cells = spans.reduce(0) { $0 + DisplayWidth.cells($1.text) }
            if cells <= width {
                let room = width - cells
                return StyledLine(spans + (showBack && room >= back.count ? [Span(DisplayWidth.padded("", to: room - back.count) + back, .dim)] : []))
            }
        }
        return StyledLine(spans(tabs, current, .short))
    }

    private enum Style: CaseIterable {
        case padded, plain, short
    }

    private static func spans(_ tabs: [ChartTab], _ current: ChartTab, _ style: Style) -> [Span] {
        var spans: [Span] = []
        for (index, tab) in tabs.enumerated() {
            let title = "\(index + 1) " + (style == .short ? tab.shortTitle : tab.title)
            let label = tab == current ? "[\(title)]" : style == .padded ? " \(title) " : title
            if !spans.isEmpty { spans.append(Span(" ")) }
            spans.append(Span(label, tab == current ? .tabActive : .tabInactive))
        }
        return spans
    }
}
