/// Which cells differ between the frame on screen and the next one, as runs of adjacent
/// cells per row. Pure, so the presenter's "write only what changed" rule is testable without
/// a terminal; `ScreenWriter` then chooses the bytes on the wire for those cells.
public enum ScreenDiff {
    /// Adjacent cells of one row to write, starting at (row, col). A run never starts on the
    /// right half of a wide grapheme and always contains both halves.
    public struct Run: Equatable, Sendable {
        public let row: Int
        public let col: Int
        public let cells: [Cell]
    }

    /// The runs that turn `old` into `new`; every row in full when there is no comparable old
    /// frame (first frame, size or glyph change).
    public static func runs(from old: ScreenBuffer?, to new: ScreenBuffer) -> [Run] {
        guard let old, old.width == new.width, old.height == new.height, old.glyphs == new.glyphs else {
            return (0..<new.height).map { row in Run(row: row, col: 0, cells: (0..<new.width).map { new[row, $0] }) }
        }
        var runs: [Run] = []
        for row in 0..<new.height {
            var changed = (0..<new.width).map { old[row, $0] != new[row, $0] }
            for col in 0..<new.width where changed[col] {
                if new[row, col].isContinuation, col > 0 { changed[col - 1] = true }
                if new[row, col].width == 2, col + 1 < new.width { changed[col + 1] = true }
            }
            var col = 0
            while col < new.width {
                guard changed[col] else { col += 1; continue }
                let start = col
                while col < new.width, changed[col] { col += 1 }
                runs.append(Run(row: row, col: start, cells: (start..<col).map { new[row, $0] }))
            }
        }
        return runs
    }
}
