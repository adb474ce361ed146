/// The appearance each cell of a row is handed to curses with. A blank shows only its
/// background (and an underline or reverse), so a blank whose style differs from its
/// neighbour's only in foreground, bold or dim is written in the neighbour's appearance and
/// curses sends no attribute change for it. Each change it would send costs an SGR reset and
/// the colours again (20-30 bytes on xterm-256color): the padding of a list row's NEWS2 score,
/// drawn in its band's style between plain text, cost two of them per row. The screen looks the
/// same either way; `ScreenBuffer` keeps the styles the renderer drew.
enum RowAppearances {
    /// Left to right: a blank takes its left neighbour's appearance when it looks alike there,
    /// else that of the next cell with ink to its right, else its own.
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
            let left = written.last
            guard isBlank[col], left != own[col] else {
                written.append(own[col])
                continue
            }
            let alike = [left, ink[col + 1]].compactMap { $0 }.first { palette.looksAlikeOnBlank($0, own[col]) }
            written.append(alike ?? own[col])
        }
        return written
    }
}
