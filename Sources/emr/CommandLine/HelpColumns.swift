/// Lays help out in 80 columns (the design size): a left column of names, a right column of
/// words wrapped at word boundaries, so no help line is cut.
struct HelpColumns {
    var width = 80
    /// Where the right column starts.
    var gutter = 26

    /// `  --server URL            the FHIR R4 server ...`, wrapped; a name too wide for the
    /// left column puts its text on the next line.
    func row(_ name: String, _ text: String) -> [String] {
        let left = "  " + name
        let lines = wrap(text, width: width - gutter)
        let pad = String(repeating: " ", count: gutter)
        guard !lines.isEmpty else { return [left] }
        guard left.count + 2 <= gutter else { return [left] + lines.map { pad + $0 } }
        return lines.enumerated().map { index, line in
            (index == 0 ? left.padding(toLength: gutter, withPad: " ", startingAt: 0) : pad) + line
        }
    }

    /// Words into lines of at most `width` characters (a longer word stands alone, whole).
    func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        return lines + (line.isEmpty ? [] : [line])
    }
}
