import CoreDomain
import CoreUseCases

/// One test's every result, newest first: time, value and flag, status, range, who reported
/// it and the lab's notes, with the trend of its measured values. A result entered in error is
/// listed and marked, its value never shown as one; one new to the reader says `new`.
enum ResultHistoryView {
    static func lines(_ test: ResultTest, width: Int, context: ViewContext) -> [StyledLine] {
        var lines = [StyledLine([Span("History", .accent), Span(" (Esc back)", .dim)])]
        lines += LineWrapping.wrap([Span(test.fullName, .accent)], width: width)
        let unit = ResultsLayout.unit(test, context)
        let range = test.latest.flatMap { rangeText($0, context: context, why: true) }
        let facts = [unit.isEmpty ? nil : "unit \(unit)", range.map { "range \($0)" }].compactMap { $0 }
        if !facts.isEmpty { lines += LineWrapping.wrap([Span(facts.joined(separator: " · "), .dim)], width: width) }
        let trend = test.results.reversed().filter { !$0.isEnteredInError }.map { $0.unit.map(\.doubleValue) }
        if trend.contains(where: { $0 != nil }), trend.count > 1 {
            lines += LineWrapping.wrap([Span("trend ", .dim), Span(context.sparkline(trend)), Span(" oldest to newest", .dim)], width: width)
        }
        for result in test.results {
            lines += LineWrapping.wrap(entry(result, test: test.key, context: context), width: width, indent: 2)
            for note in result.notes {
                lines += LineWrapping.wrap([Span("  note: " + note, .dim)], width: width, indent: 4)
            }
        }
        return lines
    }

    /// Values at the worksheet's precision (`LabValueText.places`): what a lab reports, never
    /// the float noise a sender printed.
    private static func entry(_ result: LabResult, test: String, context: ViewContext) -> [Span] {
        var spans = [Span(context.fullDateTime(result.collected), .dim), Span("  ")]
        if result.isEnteredInError {
            spans.append(Span("entered in error (was \(LabValueText.value(result, test: test)))", .dim))
        } else {
            spans.append(Span(LabValueText.valueWithFlag(result, test: test), result.flag.role))
            if let status = LabValueText.status(result.status) { spans.append(Span("  " + status, .warning)) }
        }
        if let range = rangeText(result, context: context, why: false) { spans.append(Span("  range " + range, .dim)) }
        if let performer = result.performer { spans.append(Span("  " + performer, .dim)) }
        if result.isNew { spans.append(Span("  " + ResultsLayout.newMark, .accent)) }
        return spans
    }
}

extension ResultHistoryView {
    /// `3.5-5.1`, or the ward's `3.5-5.1 (ward's)`, with `why` (under the test's name, once)
    /// `3.5-5.1 (the ward's: the laboratory sent none)`.
    static func rangeText(_ result: LabResult, context: ViewContext, why: Bool) -> String? {
        guard let range = LabValueText.range(result.range, unicode: context.unicode) else { return nil }
        guard result.isWardRange else { return range }
        return range + (why ? " (the ward's: the laboratory sent none)" : " (ward's)")
    }
}
