import CoreUseCases

/// The chart's notes (`N` on the Encounters tab): every note newest first, each with its kind,
/// date and author above its text whole (`NoteLines`), as one text to scroll.
public enum NotesView {
    public static func content(_ notes: [NoteItem], width: Int, context: ViewContext) -> ScrollContent {
        var lines = LineWrapping.wrap([Span("Notes, newest first (Esc back)", .accent)], width: width)
        guard !notes.isEmpty else { return ScrollContent(lines: lines + [StyledLine("No notes recorded.", .dim)]) }
        for note in notes {
            lines.append(StyledLine(""))
            lines += NoteLines.lines(note, width: width, context: context)
        }
        return ScrollContent(lines: lines)
    }
}
