import CoreDomain

/// The nurse's note form: while writing, the note as typed, wrapped at the form's width with
/// the cursor after its last character and the keys under it; at the check, the patient
/// named by name, DOB and MRN, the stay, and the whole note as it will be saved.
public enum NursingNoteView {
    public static func content(_ state: NursingNoteState, width: Int, context: ViewContext) -> ScrollContent {
        switch state.step {
        case .writing: writing(state, width: width, context: context)
        case .confirming, .saving: confirming(state, width: width, context: context)
        }
    }

    private static func writing(_ state: NursingNoteState, width: Int, context: ViewContext) -> ScrollContent {
        var lines = stay(state, width: width, context: context)
        lines.append(StyledLine(""))
        let rows = NoteTextRows.rows(state.text, width: width)
        let cursor = NoteTextRows.cursor(after: rows, width: width)
        let top = lines.count
        lines += rows.map { StyledLine($0, .input) }
        if cursor.row == rows.count { lines.append(StyledLine("")) }
        let cursorLine = top + cursor.row
        lines.append(StyledLine(""))
        if let refusal = state.refusal { lines += LineWrapping.wrap([Span(refusal, .critical)], width: width) }
        lines += LineWrapping.wrap([Span("Enter new line · Backspace erases · Ctrl-D or F2 done · Esc leave", .dim)], width: width)
        let count = "\(state.text.unicodeScalars.count) of \(NursingNoteState.limitText) characters"
        lines += LineWrapping.wrap([Span(count, .dim)], width: width)
        return ScrollContent(lines: lines, focus: cursorLine..<lines.count, cursorLine: cursorLine, cursorColumn: cursor.column)
    }

    private static func confirming(_ state: NursingNoteState, width: Int, context: ViewContext) -> ScrollContent {
        var lines = LineWrapping.wrap([Span("Save this nurse's note for", .accent)], width: width)
        lines += PatientCheckLines.named(state.patient, width: width)
        lines += stay(state, width: width, context: context)
        lines.append(StyledLine(""))
        lines += NoteTextRows.rows(state.note, width: width).map { StyledLine($0) }
        lines.append(StyledLine(""))
        if let failure = state.failure { lines += LineWrapping.wrap([Span(failure, .critical)], width: width) }
        lines += LineWrapping.wrap([Span("Enter saves the note · Esc back to writing (nothing saved)", .warning)], width: width)
        return ScrollContent(lines: lines)
    }

    /// Which encounter the note goes in: the stay, or none.
    private static func stay(_ state: NursingNoteState, width: Int, context: ViewContext) -> [StyledLine] {
        guard let stay = state.stay else { return LineWrapping.wrap([Span("Not admitted: the note is in no encounter", .dim)], width: width) }
        let since = stay.period.start.map { " since \(context.dateTime($0))" } ?? ""
        return LineWrapping.wrap([Span("In the current stay\(since)", .dim)], width: width)
    }
}
