import CoreDomain
import CoreUseCases

/// Withdrawing a note: the user's notes to choose from (kind, date, first words), the reason
/// being typed under the chosen note's heading, and the check: the patient by name, DOB and
/// MRN, the note whole as it reads, and the reason.
public enum NoteCorrectionView {
    public static func content(_ state: NoteCorrectionState, width: Int, context: ViewContext) -> ScrollContent {
        switch state.step {
        case .choose: choosing(state, width: width, context: context)
        case .reason: reasoning(state, width: width, context: context)
        case .confirming, .saving: confirming(state, width: width, context: context)
        }
    }

    private static func choosing(_ state: NoteCorrectionState, width: Int, context: ViewContext) -> ScrollContent {
        var lines = LineWrapping.wrap([Span("Which of your notes is entered in error?", .accent)], width: width)
        var chosenLines = 0..<0
        for (index, item) in state.notes.enumerated() {
            let note = item.note
            let first = note.content.text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            let text = [note.type?.displayName ?? "Note", note.date.map(context.dateTime) ?? "undated", first].joined(separator: " · ")
            let isChosen = index == state.chosen
            let marker = isChosen ? (context.unicode ? "▸" : ">") : "-"
            let entry = LineWrapping.wrap([Span("\(marker) \(text)", isChosen ? .selected : .normal)], width: width, indent: 2)
            if isChosen { chosenLines = lines.count..<(lines.count + entry.count) }
            lines += entry
        }
        lines += LineWrapping.wrap([Span("↑↓ choose · Enter next · Esc cancel (nothing marked)", .dim)], width: width)
        return ScrollContent(lines: lines, focus: chosenLines)
    }

    private static func reasoning(_ state: NoteCorrectionState, width: Int, context: ViewContext) -> ScrollContent {
        let above = NoteLines.lines(state.note, width: width, context: context).prefix(1) + [StyledLine("")]
        return FormField.content("Reason: ", input: state.reason, refusal: state.refusal,
                                 hint: "Why is this note entered in error? Enter next · Esc back (nothing marked)", below: Array(above), width: width)
    }

    private static func confirming(_ state: NoteCorrectionState, width: Int, context: ViewContext) -> ScrollContent {
        var lines = LineWrapping.wrap([Span("Mark this note entered in error for", .accent)], width: width)
        lines += PatientCheckLines.named(state.patient, width: width)
        lines.append(StyledLine(""))
        lines += NoteLines.lines(state.note, width: width, context: context)
        lines.append(StyledLine(""))
        lines += LineWrapping.wrap([Span("Reason: ", .accent), Span(state.reason)], width: width)
        lines += LineWrapping.wrap([Span("It stays in the chart, marked entered in error; it is never deleted.", .dim)], width: width)
        lines.append(StyledLine(""))
        if let failure = state.failure { lines += LineWrapping.wrap([Span(failure, .critical)], width: width) }
        lines += LineWrapping.wrap([Span("Enter marks it entered in error · Esc back (nothing marked)", .warning)], width: width)
        return ScrollContent(lines: lines)
    }
}
