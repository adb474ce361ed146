/// A worksheet cell's text on the lines its column needs: on one line where it fits; else by
/// whole words, a word wider than the column broken after a hyphen or slash, or hyphenated at
/// the edge only where there is none (the layout keeps names as wide as their longest word
/// wherever a collection still fits beside them, so that is a narrow screen's last resort).
/// Never shortened: `Ery… dis… wid…` and `Det…` hid what a row is and what a result says.
enum ResultsCellText {
    static func lines(_ text: String, width: Int) -> [String] {
        guard DisplayWidth.cells(text) > width else { return [text] }
        return LineWrapping.wrap([Span(text)], width: width).flatMap { line in
            LineWrapping.broken(line.plainText, width: width, hyphenating: true)
        }
    }

    /// The widest piece of `text` that is never broken: a word, or the part of one between the
    /// hyphens and slashes it may be broken after.
    static func longestPiece(_ text: String) -> Int {
        var longest = 0, current = 0
        for character in text {
            if character == " " {
                current = 0
                continue
            }
            current += DisplayWidth.cells(String(character))
            longest = max(longest, current)
            if character == "-" || character == "/" { current = 0 }
        }
        return longest
    }
}
