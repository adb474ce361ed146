/// Note text made safe for a terminal before it is stored: a note comes from anywhere, and a
/// terminal obeys what it is sent. Escape sequences (CSI, OSC, DCS and two-character ones,
/// 7-bit or C1) are removed whole, so no stray "[31m" is left behind; every other control
/// character but the line break goes, tabs become spaces, line and paragraph separators and
/// carriage returns become line breaks, and bidirectional overrides and isolates (which could
/// make a note read backwards) are dropped.
enum NoteTextCleaning {
    static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var input = Array(text.unicodeScalars)[...]
        while let scalar = input.popFirst() {
            switch scalar.value {
            case 0x1B: skipEscape(after: &input)
            case 0x9B: skipUntilFinal(&input)
            case 0x90, 0x9D, 0x9E, 0x9F, 0x98: skipString(&input)
            case 0x0D:
                if input.first != "\n" { scalars.append("\n") }
            case 0x0A, 0x2028, 0x2029: scalars.append("\n")
            case 0x09: scalars.append(contentsOf: "    ".unicodeScalars)
            case 0x00..<0x20, 0x7F...0x9F: continue
            case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// After ESC: a CSI (`ESC [`) runs to its final byte, OSC, DCS, SOS, PM and APC (`ESC ]`,
    /// `P`, `X`, `^`, `_`) to their terminator, anything else is one more character.
    private static func skipEscape(after input: inout ArraySlice<Unicode.Scalar>) {
        guard let next = input.popFirst() else { return }
        switch next {
        case "[": skipUntilFinal(&input)
        case "]", "P", "X", "^", "_": skipString(&input)
        default:
            // ESC ( B and the like: intermediate characters, then one final one (popped last).
            guard (0x20...0x2F).contains(next.value) else { return }
            while let first = input.popFirst(), (0x20...0x2F).contains(first.value) {}
        }
    }

    /// A control sequence's parameters and intermediates, up to and including its final byte
    /// (0x40-0x7E); a sequence broken by a line break ends there, keeping the line.
    private static func skipUntilFinal(_ input: inout ArraySlice<Unicode.Scalar>) {
        while let first = input.first {
            if first == "\n" { return }
            input.removeFirst()
            if (0x40...0x7E).contains(first.value) { return }
        }
    }

    /// A control string, up to and including its terminator: BEL, ST (`ESC \`) or C1 ST.
    private static func skipString(_ input: inout ArraySlice<Unicode.Scalar>) {
        while let first = input.popFirst() {
            if first.value == 0x07 || first.value == 0x9C { return }
            if first.value == 0x1B {
                if input.first == "\\" { input.removeFirst() }
                return
            }
        }
    }
}
