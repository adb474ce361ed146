import CoreDomain
import CoreUseCases

/// Marking a round entered in error: the round's time and values, the reason being typed,
/// and at the confirm step what Enter will do. Says plainly that nothing is deleted.
public enum CorrectionView {
    public static func content(_ correction: CorrectionState, width: Int, context: ViewContext) -> ScrollContent {
        let round = correction.round
        var lines = LineWrapping.wrap([Span("These values stay in the record, marked entered in error; nothing is deleted.", .dim)], width: width)
        let time = context.fullDateTime(round.time) + " (" + RelativeTimeText.format(round.time, now: context.now) + ")"
        // Whose set it is: a round is only ever one performer's (see `VitalsRound`); marking
        // another person's is a different act, and said so.
        let by = round.performer.map { [[Span("by " + $0)]] } ?? []
        lines += LabelledSection.lines("Round", [[Span(time)]] + by, width: width)
        if !correction.isOwn {
            let whose = round.performer.map { "charted by \($0), not by you" } ?? "charted by a source that names nobody, not by you"
            lines += LineWrapping.wrap([Span("Another person's entry: \(whose).", .warning)], width: width)
        }
        var items = round.orderedReadings.map { reading in
            let parts = VitalText.parts(reading, unicode: context.unicode)
            var spans = [Span(parts.label + " "), Span(parts.valueWithMarker, reading.flag.role)]
            if let unit = parts.unit { spans.append(Span(" " + unit)) }
            return spans
        }
        if round.consciousnessID != nil, let level = round.news2?.consciousness { items.append([Span("ACVPU " + level.letter)]) }
        let indent = Span(String(repeating: " ", count: LabelledSection.labelWidth))
        lines += LineWrapping.wrap(items: items, width: max(10, width - LabelledSection.labelWidth)).map { StyledLine([indent] + $0.spans) }
        lines.append(StyledLine(""))
        switch correction.step {
        case .reason:
            let label = "Reason: "
            let room = max(10, width - label.count)
            // Shown as typed while it fits (a trailing space included), wrapped at spaces beyond.
            let wrapped = DisplayWidth.cells(correction.reason) < room
                ? [StyledLine(correction.reason, .input)] : LineWrapping.wrap([Span(correction.reason, .input)], width: room)
            lines.append(StyledLine([Span(label, .accent)] + wrapped[0].spans))
            lines += wrapped.dropFirst().map { StyledLine([Span(String(repeating: " ", count: label.count))] + $0.spans) }
            let cursorLine = lines.count - 1
            let cursorColumn = label.count + DisplayWidth.cells(wrapped.last?.plainText ?? "")
            if let refusal = correction.refusal { lines += LineWrapping.wrap([Span(refusal, .critical)], width: width) }
            let focus = (cursorLine + 1 - wrapped.count)..<lines.count
            lines += LineWrapping.wrap([Span("Type why these values are wrong, then Enter.", .dim)], width: width)
            return ScrollContent(lines: lines, focus: focus, cursorLine: cursorLine, cursorColumn: cursorColumn)
        case .confirming, .saving:
            lines += LineWrapping.wrap([Span("Reason: ", .accent), Span(correction.reason)], width: width, indent: 2)
            if let failure = correction.failure { lines += LineWrapping.wrap([Span(failure, .critical)], width: width) }
            let count = round.valueCount
            lines += LineWrapping.wrap(
                [Span("Enter marks \(count == 1 ? "this value" : "these \(count) values") entered in error · Esc back (nothing marked)", .warning)],
                width: width)
            return ScrollContent(lines: lines)
        }
    }
}
