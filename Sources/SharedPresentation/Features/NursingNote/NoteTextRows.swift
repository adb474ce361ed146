/// A note's text as the rows a pane of `width` cells shows, for writing it and checking it: each
/// typed line wrapped after its last space that fits, a word wider than the pane broken at
/// the edge, and no character ever dropped or merged (unlike running text, a nurse's spaces
/// and blank lines are hers: they are kept as typed).
enum NoteTextRows {
    static func rows(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { rows(line: $0, width: width) }
    }

    /// Where the cursor goes after the last character of `rows`: at the end of the last row, or
    /// at the start of a row below it when that row is full (the next letter goes there).
    static func cursor(after rows: [String], width: Int) -> (row: Int, column: Int) {
        let used = DisplayWidth.cells(rows.last ?? "")
        return used >= max(1, width) ? (rows.count, 0) : (max(0, rows.count - 1), used)
    }

    /// One typed line in rows: the spaces a row breaks after end that row (shown only as far as
    /// the edge: they show nothing), so the next row starts with a word.
    private static func rows(line: Substring, width: Int) -> [String] {
        var rows: [String] = []
        var row = "", count = 0, used = 0
        // Where `row` may break: after its last space (characters), with the cells up to there.
        var lastSpace: (count: Int, used: Int)?
        for character in line {
            // Measured one by one only past ASCII: every keystroke lays the whole note out again.
            let cells = character.isASCII ? 1 : DisplayWidth.cells(String(character))
            if character != " ", used + cells > width, !row.isEmpty {
                if let space = lastSpace {
                    rows.append(fitted(String(row.prefix(space.count)), width: width))
                    row = String(row.dropFirst(space.count))
                    (count, used) = (count - space.count, used - space.used)
                } else {
                    rows.append(row)
                    (row, count, used) = ("", 0, 0)
                }
                lastSpace = nil
            }
            row.append(character)
            (count, used) = (count + 1, used + cells)
            if character == " " { lastSpace = (count, used) }
        }
        return rows + [fitted(row, width: width)]
    }

    /// `row` without the spaces past the edge.
    private static func fitted(_ row: String, width: Int) -> String {
        var row = row
        while row.last == " ", DisplayWidth.cells(row) > width { row.removeLast() }
        return row
    }
}
