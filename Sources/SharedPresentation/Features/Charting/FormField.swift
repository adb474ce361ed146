/// A typed field of a charting form's step as lines: above it the step's lines, then its label
/// and what is typed, what was refused, and the hint that says what is asked (`This dose is
/// 180 min early: type why`); all kept in view with the question it answers from line `from`,
/// as far as the screen holds them, the typed line first.
enum FormField {
    static func content(_ label: String, input: String, refusal: String?, hint: String, below above: [StyledLine], width: Int,
                        from: Int? = nil) -> ScrollContent {
        var lines = above
        lines.append(StyledLine([Span(label, .accent), Span(input, .input)]))
        let cursorLine = lines.count - 1
        if let refusal { lines += LineWrapping.wrap([Span(refusal, .critical)], width: width) }
        lines += LineWrapping.wrap([Span(hint, .dim)], width: width)
        return ScrollContent(lines: lines, focus: (from ?? cursorLine)..<lines.count, cursorLine: cursorLine,
                             cursorColumn: DisplayWidth.cells(label) + DisplayWidth.cells(input))
    }
}
