/// The open chart's current tab below the banner and tab bar: what the chart pane draws, and
/// what the state measures to page and clamp its scroll.
public enum ChartBodyView {
    public static func content(_ chart: ChartState, width: Int, context: ViewContext) -> ScrollContent {
        chart.current.body(width: width, context: context, isIncomplete: chart.isIncomplete)
    }
}
