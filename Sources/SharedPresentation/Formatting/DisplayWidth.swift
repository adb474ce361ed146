/// How many terminal cells text takes, by a simple rule that needs no platform library:
/// combining marks, joiners and other format characters take none, East Asian wide and
/// fullwidth characters and emoji take two, everything else one. TerminalUI, which has the
/// C library's wcwidth, can pass its own measure to `TextFitting` instead.
public enum DisplayWidth {
    public static func cells(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + cells($1) }
    }

    public static func cells(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Printable ASCII, most of any text, without a Unicode property lookup (a long note's
        // wrapping spent most of its time in them).
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value < 0xA0 { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks, and the emoji blocks terminals draw wide.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]

    /// `text` with blanks after it up to `width` cells (as it is drawn, wide characters two).
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - cells(text)))
    }
}
