/// Wraps styled text at spaces so no word, number or unit is ever split or cut at a pane
/// edge, and a number stays on the same line as its flag and unit ("40 mg", "112 H /min").
/// A word wider than a whole line (a long name) is broken after a hyphen or at the edge, on
/// lines of its own; a value wider than a line stays whole.
public enum LineWrapping {
    /// Wraps running text.
    public static func wrap(_ spans: [Span], width: Int, indent: Int = 0) -> [StyledLine] {
        layout(atoms(spans), width: width, indent: indent)
    }

    /// Wraps a row of items that must each stay whole (a vital sign with its value, flag and
    /// unit), separated by `gap` spaces.
    public static func wrap(items: [[Span]], width: Int, gap: Int = 3) -> [StyledLine] {
        layout(items.map { Atom(pieces: $0, spaces: gap) }, width: width, indent: 0)
    }

    /// A piece that must not be broken, and how many spaces precede it on a shared line; its
    /// width is measured once, as its pieces are added (a long note has thousands of atoms).
    private struct Atom {
        private(set) var pieces: [Span]
        var spaces: Int
        private(set) var width: Int

        init(pieces: [Span], spaces: Int) {
            self.pieces = pieces
            self.spaces = spaces
            width = pieces.reduce(0) { $0 + DisplayWidth.cells($1.text) }
        }

        mutating func append(_ piece: Span) {
            pieces.append(piece)
            width += DisplayWidth.cells(piece.text)
        }
    }

    private static let markers: Set<String> = ["H", "L", "H!", "L!", "!", "!!", "A", "HH", "LL", "AA"]

    private static func layout(_ atoms: [Atom], width: Int, indent: Int) -> [StyledLine] {
        let width = max(1, width)
        let padding = String(repeating: " ", count: min(indent, width / 2))
        // Most atoms fit: only a word wider than a line is replaced by its pieces (no array a word).
        var fitting: [Atom] = []
        fitting.reserveCapacity(atoms.count)
        for atom in atoms {
            if atom.width > width - padding.count { fitting += brokenIfWider(atom, than: width - padding.count) } else { fitting.append(atom) }
        }
        var lines: [StyledLine] = []
        var current: [Span] = []
        var used = 0
        // Whether the line holds a word yet: the padding of a continuation line is no word, and
        // a first word as wide as the padding still needs its space (`NS 150 mL`, not `NS150 mL`).
        var hasWord = false
        for atom in fitting {
            let gap = hasWord ? atom.spaces : 0
            if used + gap + atom.width > width, hasWord {
                lines.append(StyledLine(current))
                current = padding.isEmpty ? [] : [Span(padding)]
                used = padding.count
            } else if gap > 0 {
                append(String(repeating: " ", count: gap), role: atom.pieces.first?.role ?? .normal, to: &current)
                used += gap
            }
            for piece in atom.pieces { append(piece.text, role: piece.role, to: &current) }
            used += atom.width
            hasWord = true
        }
        if !current.isEmpty || lines.isEmpty { lines.append(StyledLine(current)) }
        return lines
    }

    /// A word wider than a whole line in pieces that fit (`broken`), so it is wrapped and not
    /// cut at the pane's edge; a piece with a digit (a value, its unit) is never broken. A
    /// value and the word it took along (`3b Wolfeschlegelsteinhausen`) too wide together part
    /// first: the glue keeps a value with its unit where they fit, never to cut one.
    private static func brokenIfWider(_ atom: Atom, than width: Int) -> [Atom] {
        guard atom.width > width else { return [atom] }
        guard atom.pieces.count == 1, let piece = atom.pieces.first else {
            return atom.pieces.enumerated().flatMap { index, piece in
                let spaced = index > 0 && piece.text.hasPrefix(" ")
                let alone = Atom(pieces: [Span(spaced ? String(piece.text.dropFirst()) : piece.text, piece.role)],
                                 spaces: index == 0 ? atom.spaces : spaced ? 1 : 0)
                return brokenIfWider(alone, than: width)
            }
        }
        guard !hasNumber(piece.text) else { return [atom] }
        return broken(piece.text, width: width).enumerated().map { index, text in
            Atom(pieces: [Span(text, piece.role)], spaces: index == 0 ? atom.spaces : 0)
        }
    }

    /// Splits spans into words; a word with a digit takes the next word along (its unit or
    /// flag), and a flag takes the unit after it.
    private static func atoms(_ spans: [Span]) -> [Atom] {
        var atoms: [Atom] = []
        var spaced = false
        var glue = false
        for span in spans {
            // Split at space bytes, not characters: finding grapheme boundaries across a long
            // note cost more than the rest of its wrapping.
            for (index, word) in span.text.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).enumerated() {
                if index > 0 { spaced = true }
                guard !word.isEmpty else { continue }
                let text = String(Substring(word))
                let attaches = !atoms.isEmpty && (!spaced || glue)
                if attaches {
                    atoms[atoms.count - 1].append(Span(spaced ? " " + text : text, span.role))
                } else {
                    atoms.append(Atom(pieces: [Span(text, span.role)], spaces: spaced ? 1 : 0))
                }
                if hasNumber(text) {
                    glue = true
                } else if spaced {
                    glue = attaches && markers.contains(text)
                }
                spaced = false
            }
        }
        return atoms
    }

    /// Whether `text` holds a number: ASCII digits found byte by byte, other scripts' digits
    /// and numerals by their Unicode property only when the text is not all ASCII.
    private static func hasNumber(_ text: String) -> Bool {
        var ascii = true
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 { return true }
            if byte >= 0x80 { ascii = false }
        }
        return !ascii && text.contains(where: \.isNumber)
    }

    private static func append(_ text: String, role: TextRole, to spans: inout [Span]) {
        guard !text.isEmpty else { return }
        if let last = spans.last, last.role == role {
            spans[spans.count - 1].text += text
        } else {
            spans.append(Span(text, role))
        }
    }

    /// A word wider than `width` in pieces that fit: broken after a hyphen or slash where one
    /// falls within the width, else at the edge; there, when `hyphenating`, the piece ends in a
    /// hyphen of its own (`Carcinoem-` over `bryonic`), so the break reads as one and no
    /// letter is lost. For names and other words, never for values.
    public static func broken(_ text: String, width: Int, hyphenating: Bool = false) -> [String] {
        var rest = Substring(text), pieces: [String] = []
        while DisplayWidth.cells(String(rest)) > max(1, width) {
            let room = hyphenating && width > 2 ? width - 1 : width
            var end = rest.startIndex, used = 0
            while end < rest.endIndex, used + DisplayWidth.cells(String(rest[end])) <= width {
                used += DisplayWidth.cells(String(rest[end]))
                end = rest.index(after: end)
            }
            if let hyphen = rest[..<end].lastIndex(where: { $0 == "-" || $0 == "/" }), hyphen > rest.startIndex {
                let cut = rest.index(after: hyphen)
                pieces.append(String(rest[..<cut]))
                rest = rest[cut...]
                continue
            }
            var cut = rest.startIndex
            used = 0
            while cut < rest.endIndex, used + DisplayWidth.cells(String(rest[cut])) <= room {
                used += DisplayWidth.cells(String(rest[cut]))
                cut = rest.index(after: cut)
            }
            cut = max(cut, rest.index(after: rest.startIndex))
            pieces.append(String(rest[..<cut]) + (room < width ? "-" : ""))
            rest = rest[cut...]
        }
        return pieces + [String(rest)]
    }
}
