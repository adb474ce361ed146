/// Fits text into a width by shortening words, never values.
///
/// Only plain words are shortened: a word is cut to its first letters plus an ellipsis (`…`,
/// or `.` without Unicode), the longest words first and never below three letters, so that
/// "Prednisolone 40 mg PO daily" fits 24 cells as "Predniso… 40 mg PO daily". Untouchable: any token
/// with a digit (`40`, `q4h`, `2.5`), a unit, route or frequency word the formatters print
/// (`mg`, `mmHg`, `subcut`, `daily`, `weekly`), the token right after a number (its unit,
/// whatever it is), and anything that is not all letters after its surrounding punctuation. If the text still does not fit, the most shortened version is
/// returned whole and longer than `width`: the caller wraps it. A number is never cut.
///
/// Width is measured in display cells by `widthOf` (default `DisplayWidth.cells`).
public enum TextFitting {
    /// The fewest letters a shortened word keeps.
    public static let minimumLetters = 3

    /// Words whose shortening would change what an order or a value means.
    private static let protectedWords: Set<String> = UnitText.displayUnits
        .union(RouteText.shortForms).union(TimingText.vocabulary).union(["PRN"])

    private struct Token {
        let leading: Substring
        let core: Substring
        let trailing: Substring
        let shortenable: Bool
    }

    public static func fit(
        _ text: String, width: Int, unicode: Bool = true, widthOf: (String) -> Int = DisplayWidth.cells
    ) -> String {
        guard widthOf(text) > width else { return text }
        let tokens = tokenize(text)
        let ellipsis = unicode ? "…" : "."
        let longest = tokens.filter(\.shortenable).map(\.core.count).max() ?? 0
        var best = text
        var keep = longest - 2
        while keep >= minimumLetters {
            best = render(tokens, keeping: keep, ellipsis: ellipsis)
            if widthOf(best) <= width { return best }
            keep -= 1
        }
        return best
    }

    private static func tokenize(_ text: String) -> [Token] {
        var previousHadDigit = false
        return text.split(separator: " ", omittingEmptySubsequences: false).map { raw in
            let leading = raw.prefix { !$0.isLetter && !$0.isNumber }
            let rest = raw.dropFirst(leading.count)
            let core = rest.prefix { $0.isLetter }
            let trailing = rest.dropFirst(core.count)
            let hasDigit = raw.contains(where: \.isNumber)
            let shortenable = !hasDigit && !previousHadDigit && !core.isEmpty
                && trailing.allSatisfy { !$0.isLetter && !$0.isNumber }
                && !protectedWords.contains(String(raw)) && !protectedWords.contains(String(core))
            previousHadDigit = hasDigit
            return Token(leading: leading, core: core, trailing: trailing, shortenable: shortenable)
        }
    }

    /// Every shortenable word longer than `keep + 1` letters cut to `keep` letters and `ellipsis`.
    private static func render(_ tokens: [Token], keeping keep: Int, ellipsis: String) -> String {
        tokens.map { token in
            guard token.shortenable, token.core.count > keep + 1 else {
                return String(token.leading) + token.core + token.trailing
            }
            return String(token.leading) + token.core.prefix(keep) + ellipsis + token.trailing
        }.joined(separator: " ")
    }
}
