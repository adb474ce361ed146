/// The appearance each cell of a row is written with (`ScreenWriter`). A blank shows only its
/// background (and an underline or reverse), so a blank drawn in another style between two
/// runs that look alike is written in their appearance when it looks the same there: no pen
/// change is sent on either side of it. Under curses each change cost an SGR reset and the
/// colours again (20-30 bytes on xterm-256color): the padding of a list row's NEWS2 score,
/// drawn in its band's style between plain text, cost two per row, and so did every plain blank
/// between two column headings. The screen looks the same either way; `ScreenBuffer` keeps the
/// styles the renderer drew.
enum RowAppearances {
    /// A blank between cells of one appearance (the cell written left of it, the next cell with
    /// ink right of it) takes that appearance if it looks alike in it; every other cell its own.
    /// Only then is no write worse off: a blank between two different appearances keeps its
    /// own, since it may be written alone, after either neighbour or neither.
    static func of(row: Int, in buffer: ScreenBuffer, palette: StylePalette) -> [StylePalette.Appearance] {
        let own = (0..<buffer.width).map { palette.appearance(of: buffer[row, $0].style) }
        let isBlank = (0..<buffer.width).map { buffer[row, $0].grapheme == " " && buffer[row, $0].width == 1 }
        // The appearance of the first cell with ink at or after each column (nil: blanks to the edge).
        var ink: [StylePalette.Appearance?] = Array(repeating: nil, count: buffer.width + 1)
        for col in stride(from: buffer.width - 1, through: 0, by: -1) {
            ink[col] = isBlank[col] ? ink[col + 1] : own[col]
        }
        var written: [StylePalette.Appearance] = []
        written.reserveCapacity(buffer.width)
        for col in 0..<buffer.width {
            if isBlank[col], let sides = written.last, sides == ink[col + 1], palette.looksAlikeOnBlank(sides, own[col]) {
                written.append(sides)
            } else {
                written.append(own[col])
            }
        }
        return written
    }
}
