import CTerminalShim

/// The control sequences `ScreenWriter` writes with: read from the terminal's terminfo entry
/// (`fromTerminfo`), or the ECMA-48 ones (xterm, tmux, the Linux console) for tests. A nil
/// sequence is one the terminal lacks.
struct TerminalControls: Sendable {
    /// Absolute cursor move (cup), zero-based row and column.
    let moveTo: @Sendable (_ row: Int, _ col: Int) -> [UInt8]
    /// Relative moves; `ScreenWriter` takes whichever way to a cell is shortest. Down is
    /// never taken past the bottom row, where cud1 (a line feed) would scroll.
    var up: CursorStep
    var down: CursorStep
    var left: CursorStep
    var right: CursorStep
    /// To a zero-based column on the cursor's row (hpa), and to its first (cr).
    var column: (@Sendable (Int) -> [UInt8])?
    var carriageReturn: [UInt8]?
    /// An ASCII character printed n times (rep: the character once, then "repeat it n-1 times").
    let repeated: (@Sendable (_ character: UInt8, _ count: Int) -> [UInt8])?
    /// Erases from the cursor to the end of its row (el), leaving the cursor.
    let eraseToEnd: [UInt8]?
    /// Erased cells take the current background (bce); otherwise the terminal's own.
    var backColorErase: Bool
    /// Every attribute and colour off (sgr0).
    let reset: [UInt8]
    /// Turns one attribute on (bold, dim, smul, rev).
    let enter: [(attribute: TextAttributes, sequence: [UInt8])]
    /// Turns attributes off and leaves the rest: ECMA-48's "normal intensity" (ends bold and
    /// dim), "not underlined" and "positive image". Terminfo has no "bold off", so curses reset
    /// everything and sent the colours again; these exist only on ECMA-48 terminals.
    let exit: [(attributes: TextAttributes, sequence: [UInt8])]
    /// Colour number to foreground / background (setaf, setab).
    let foreground: (@Sendable (Int) -> [UInt8])?
    let background: (@Sendable (Int) -> [UInt8])?
    /// Both colours back to the terminal's own (op).
    let defaultColors: [UInt8]?
    /// One colour back to the terminal's own, the other left: ECMA-48's SGR 39 and 49, on
    /// ECMA-48 terminals only (terminfo has only op, both at once).
    let defaultForeground: [UInt8]?
    let defaultBackground: [UInt8]?
    /// Selects and leaves the line-drawing set (smacs, rmacs), and its characters by VT100
    /// code (acsc).
    let enterLineDrawing: [UInt8]?
    let exitLineDrawing: [UInt8]?
    let lineDrawing: [UInt8: UInt8]
    /// Attributes the terminal cannot show together with colours (ncv, e.g. underline and dim
    /// on the Linux console): left out of coloured pens, as curses does.
    var noColorVideo: TextAttributes
    /// Writing the bottom-right cell scrolls the screen (auto margins without xenl).
    let lastCellScrolls: Bool
    /// Graphemes go out as UTF-8; otherwise anything outside ASCII goes out as `?`
    /// (`DisplayText` folds text to ASCII for such locales already).
    let utf8: Bool

    /// ECMA-48 (and xterm's 256 colours), as xterm-256color describes them.
    static let ecma48 = TerminalControls(
        moveTo: { row, col in Array("\u{1B}[\(row + 1);\(col + 1)H".utf8) },
        up: CursorStep(one: Array("\u{1B}[A".utf8), many: { Array("\u{1B}[\($0)A".utf8) }),
        down: CursorStep(one: [0x0A], many: { Array("\u{1B}[\($0)B".utf8) }),
        left: CursorStep(one: [0x08], many: { Array("\u{1B}[\($0)D".utf8) }),
        right: CursorStep(one: Array("\u{1B}[C".utf8), many: { Array("\u{1B}[\($0)C".utf8) }),
        column: { Array("\u{1B}[\($0 + 1)G".utf8) }, carriageReturn: [0x0D],
        repeated: { [$0] + Array("\u{1B}[\($1 - 1)b".utf8) },
        eraseToEnd: Array("\u{1B}[K".utf8), backColorErase: true,
        reset: Array("\u{1B}(B\u{1B}[m".utf8),
        enter: [(.bold, Array("\u{1B}[1m".utf8)), (.dim, Array("\u{1B}[2m".utf8)),
                (.underline, Array("\u{1B}[4m".utf8)), (.reverse, Array("\u{1B}[7m".utf8))],
        exit: Self.ecma48Exits,
        foreground: { Array("\u{1B}[\($0 < 8 ? "3\($0)" : $0 < 16 ? "9\($0 - 8)" : "38;5;\($0)")m".utf8) },
        background: { Array("\u{1B}[\($0 < 8 ? "4\($0)" : $0 < 16 ? "10\($0 - 8)" : "48;5;\($0)")m".utf8) },
        defaultColors: Array("\u{1B}[39;49m".utf8), defaultForeground: Array("\u{1B}[39m".utf8), defaultBackground: Array("\u{1B}[49m".utf8),
        enterLineDrawing: Array("\u{1B}(0".utf8), exitLineDrawing: Array("\u{1B}(B".utf8),
        lineDrawing: Dictionary(uniqueKeysWithValues: "jklmqtux".utf8.map { ($0, $0) }), noColorVideo: [], lastCellScrolls: false, utf8: true)

    private static let ecma48Exits: [(attributes: TextAttributes, sequence: [UInt8])] = [
        ([.bold, .dim], Array("\u{1B}[22m".utf8)), (.underline, Array("\u{1B}[24m".utf8)), (.reverse, Array("\u{1B}[27m".utf8)),
    ]

    /// The current terminal's entry (after `newterm`). `newlinesTranslated`: the tty's output
    /// turns a line feed or carriage return into something else (onlcr, ocrnl, onlret), so a
    /// cud1 of line feed and cr cannot be relied on to move as declared. A terminal whose colours are ECMA-48
    /// SGR sequences (setaf starts with CSI) gets the ECMA-48 attribute exits and single
    /// default colours too.
    static func fromTerminfo(utf8: Bool, newlinesTranslated: Bool) -> TerminalControls {
        func string(_ name: String) -> [UInt8]? {
            emr_capability(name).map { expand(String(cString: $0), 0, 0) }
        }
        func withOne(_ name: String) -> (@Sendable (Int) -> [UInt8])? {
            guard let capability = emr_capability(name).map({ String(cString: $0) }) else { return nil }
            return { @Sendable first in expand(capability, first, 0) }
        }
        func step(_ one: String, _ many: String) -> CursorStep {
            CursorStep(one: string(one), many: withOne(many))
        }
        let lineFeed = string("cud1") == [0x0A]
        // emr_terminal_check has made sure there is a cup.
        let cup = emr_capability("cup").map { String(cString: $0) } ?? ""
        let rep = emr_capability("rep").map { String(cString: $0) }
        let ecmaColours = emr_capability("setaf").map { String(cString: $0).hasPrefix("\u{1B}[") } ?? false
        let enter: [(attribute: TextAttributes, sequence: [UInt8])] = [
            (.bold, "bold"), (.dim, "dim"), (.underline, "smul"), (.reverse, "rev"),
        ].compactMap { (attribute: TextAttributes, name: String) in string(name).map { (attribute, $0) } }
        var lineDrawing: [UInt8: UInt8] = [:]
        if let acsc = string("acsc") {
            for index in stride(from: 0, to: acsc.count - 1, by: 2) { lineDrawing[acsc[index]] = acsc[index + 1] }
        }
        return TerminalControls(
            moveTo: { @Sendable row, col in expand(cup, row, col) },
            up: step("cuu1", "cuu"), down: CursorStep(one: lineFeed && newlinesTranslated ? nil : string("cud1"), many: withOne("cud")),
            left: step("cub1", "cub"), right: step("cuf1", "cuf"),
            column: withOne("hpa"), carriageReturn: newlinesTranslated ? nil : string("cr"),
            repeated: rep.map { rep in { @Sendable character, count in expand(rep, Int(character), count) } },
            eraseToEnd: string("el"), backColorErase: emr_flag("bce") == 1, reset: string("sgr0") ?? [], enter: enter,
            exit: ecmaColours ? ecma48Exits : [], foreground: withOne("setaf"), background: withOne("setab"),
            defaultColors: string("op"), defaultForeground: ecmaColours ? Array("\u{1B}[39m".utf8) : nil,
            defaultBackground: ecmaColours ? Array("\u{1B}[49m".utf8) : nil, enterLineDrawing: string("smacs"), exitLineDrawing: string("rmacs"),
            lineDrawing: lineDrawing, noColorVideo: noColorVideo(emr_number("ncv")), lastCellScrolls: emr_flag("am") == 1 && emr_flag("xenl") != 1, utf8: utf8)
    }

    /// The ncv bits (terminfo: 2 underline, 4 reverse, 16 dim, 32 bold) as attributes.
    private static func noColorVideo(_ bits: Int32) -> TextAttributes {
        guard bits > 0 else { return [] }
        return [(2, TextAttributes.underline), (4, .reverse), (16, .dim), (32, .bold)].reduce(into: []) { attributes, bit in
            if Int(bits) & bit.0 != 0 { attributes.insert(bit.1) }
        }
    }

    /// A capability with its parameters as bytes for the wire (padding resolved).
    private static func expand(_ capability: String, _ first: Int, _ second: Int) -> [UInt8] {
        var bytes = [CChar](repeating: 0, count: 256)
        let count = emr_expand(capability, Int32(first), Int32(second), &bytes, Int32(bytes.count))
        return bytes.prefix(Int(max(count, 0))).map { UInt8(bitPattern: $0) }
    }
}
