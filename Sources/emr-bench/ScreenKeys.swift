import Foundation
import SharedPresentation

/// The keys behind the terminal-bytes rows, in one table for both halves of the figure: the pty
/// session (`PtyBench.bytesPerKey`) and `ChangedCells` press the same keys in the same order,
/// so a row's bytes and its cells changed come from the same screens. The rows run in order in
/// one session, each starting where the one before left off.
struct ScreenKeys {
    /// The row's name in the table.
    let name: String
    /// Pressed once before the row, not counted: how the screen is reached.
    var reach: [InputKey] = []
    /// Pressed in turn, one per repeat, each counted.
    let counted: [InputKey]
    /// Pressed after each counted key, not counted: the way back for a key that is not its own undo.
    var back: [InputKey] = []

    /// On the list, with the chart beside it following.
    static let listAndTabs = [
        ScreenKeys(name: "list move", counted: [.character("j"), .character("k")]),
        ScreenKeys(name: "tab switch", counted: ["2", "3", "4", "1"].map { .character($0) }),
    ]

    /// The screens added since (issue 18), from the list, then in the first patient's chart.
    static let newScreens = [
        ScreenKeys(name: "s (NEWS2 order ⇄ bed)", counted: [.character("s")]),
        ScreenKeys(name: "ward due list (d)", counted: [.character("d")], back: [.escape]),
        ScreenKeys(name: "Results tab open (5)", reach: [.enter], counted: [.character("5")], back: [.character("1")]),
        ScreenKeys(name: "Results page (→ ←)", reach: [.character("5")], counted: [.right, .left]),
        ScreenKeys(name: "MAR (m: orders ⇄ MAR)", reach: [.character("4")], counted: [.character("m")]),
        ScreenKeys(name: "MAR move (↓ ↑)", reach: [.character("m")], counted: [.down, .up]),
    ]

    /// The keys a user holds down, each sent at a held key's repeat rate (`PtyBench.heldKeys`):
    /// the list, the due list, the Results tab, its pages and the MAR. A row with two counted
    /// keys holds them in turn (↓ then ↑, → then ←), so it never runs into the end.
    static let held = [
        ScreenKeys(name: "list move (j, k held)", counted: [.character("j"), .character("k")]),
        ScreenKeys(name: "ward due list (d held)", counted: [.character("d")], back: [.escape]),
        ScreenKeys(name: "Results tab open (5 held)", reach: [.enter], counted: [.character("5")], back: [.character("1")]),
        ScreenKeys(name: "Results page (→, ← held)", reach: [.character("5")], counted: [.right, .left]),
        ScreenKeys(name: "MAR (m held)", reach: [.character("4")], counted: [.character("m")]),
    ]

    /// Repeats of a held key, and holds per row.
    static let heldRepeats = 30, holds = 5

    /// The held session for the pty harness: [row or null, key's bytes, times], each row reached,
    /// then `holds` holds of `heldRepeats` repeats, each followed by its way back.
    static func heldSession(_ rows: [ScreenKeys]) -> [[Any]] {
        rows.flatMap { row -> [[Any]] in
            func once(_ key: InputKey) -> [Any] { [NSNull(), terminalBytes(key), 1] }
            return row.reach.map(once) + (0..<holds).flatMap { n -> [[Any]] in
                [[row.name, terminalBytes(row.counted[n % row.counted.count]), heldRepeats]] + row.back.map(once)
            }
        }
    }

    /// One key of the session, and the row it counts for (nil: it only gets there).
    struct Step {
        let key: InputKey
        let row: String?
    }

    /// Counted keys per row: medians of 20, as the pty session's other figures.
    static let repeats = 20

    /// The whole session: each row reached, then `repeats` counted keys, each followed by its way back.
    static func session(_ rows: [ScreenKeys]) -> [Step] {
        rows.flatMap { row in
            row.reach.map { Step(key: $0, row: nil) } + (0..<repeats).flatMap { n in
                [Step(key: row.counted[n % row.counted.count], row: row.name)] + row.back.map { Step(key: $0, row: nil) }
            }
        }
    }

    /// What a terminal in keypad (application) mode sends for `key`, as curses reads it back.
    static func terminalBytes(_ key: InputKey) -> String {
        switch key {
        case let .character(character): String(character)
        case .up: "\u{1B}OA"
        case .down: "\u{1B}OB"
        case .right: "\u{1B}OC"
        case .left: "\u{1B}OD"
        case .enter: "\r"
        case .escape: "\u{1B}"
        default: fatalError("emr-bench: no terminal bytes for \(key)")
        }
    }
}
