import CoreUseCases

extension VitalsView {
    /// The tab's lines, with the chosen round's row as the line kept in view (`x` marks it).
    public static func content(_ series: [VitalSeries], selected: Int, width: Int, context: ViewContext) -> ScrollContent {
        let lines = lines(series, selected: selected, width: width, context: context)
        // The table styles exactly the chosen round's row as selected.
        return ScrollContent(lines: lines, focusLine: lines.firstIndex { $0.spans.contains { $0.role == .selected } })
    }
}
