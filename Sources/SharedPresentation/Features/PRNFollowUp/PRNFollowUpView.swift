import CoreDomain
import CoreUseCases

/// The PRN follow-up form: the drug and the dose it follows up at every step, the effect's
/// letters, the note, and a confirm step naming the patient (name, DOB, MRN) and the drug.
public enum PRNFollowUpView {
    public static func content(_ state: PRNFollowUpState, width: Int, context: ViewContext) -> ScrollContent {
        let clock = CalendarFields.calendar(context.calendar, in: context.timeZone)
        var lines = LineWrapping.wrap([Span("Effect of ", .accent), Span(MedicationLineText.format(state.order, unicode: context.unicode))], width: width)
        lines += LineWrapping.wrap([Span("dose given " + MARView.lastGivenText(state.dose, clock: clock, context: context), .dim)], width: width)
        lines.append(StyledLine(""))
        switch state.step {
        case .choose:
            lines += LineWrapping.wrap([Span("How well did it work?", .accent)], width: width)
            for effect in PRNEffect.allCases {
                lines.append(StyledLine([Span("  \(PRNFollowUpState.letter(effect))", .accent), Span("  \(effect.text)")]))
            }
            lines += LineWrapping.wrap([Span("Esc cancel (nothing recorded)", .dim)], width: width)
        case .note:
            lines += effectLine(state, width: width)
            let label = "Note (optional): "
            lines.append(StyledLine([Span(label, .accent), Span(state.input, .input)]))
            let cursorLine = lines.count - 1
            lines += LineWrapping.wrap([Span("Enter next · Esc back (nothing recorded)", .dim)], width: width)
            return ScrollContent(lines: lines, focus: cursorLine..<(cursorLine + 1), cursorLine: cursorLine, cursorColumn: label.count + DisplayWidth.cells(state.input))
        case .confirming, .saving:
            lines += LineWrapping.wrap([Span("Record for", .accent)], width: width)
            let patient = state.patient
            lines += LineWrapping.wrap(
                items: [[Span(BannerView.bannerName(patient.name), .banner)],
                        [Span("DOB \(patient.birthDate.map(String.init(describing:)) ?? "unknown")", .banner)],
                        [Span(patient.identifierText, .banner)]],
                width: width, gap: 2)
            lines += effectLine(state, width: width)
            if let note = state.note { lines += LineWrapping.wrap([Span("note: \(note)")], width: width) }
            lines.append(StyledLine(""))
            if let failure = state.failure { lines += LineWrapping.wrap([Span(failure, .critical)], width: width) }
            lines += LineWrapping.wrap([Span("Enter records the effect · Esc back (nothing recorded)", .warning)], width: width)
        }
        return ScrollContent(lines: lines)
    }

    /// `EFFECT: partly effective` in words.
    private static func effectLine(_ state: PRNFollowUpState, width: Int) -> [StyledLine] {
        guard let effect = state.effect else { return [] }
        return LineWrapping.wrap([Span("EFFECT: \(effect.text)", .accent)], width: width)
    }
}
