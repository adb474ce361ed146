/// Reads the theme file format documented in Themes/README.md:
///
///     # comment
///     role = foreground background [attribute ...]
///     role.mono = attribute ... | none
///
/// Every mistake is reported with the file name and line number, so a theme author can fix it.
public enum ThemeParser {
    public static func parse(_ text: String, name: String, file: String) throws(ThemeError) -> Theme {
        var entries: [Style: ThemeEntry] = [:]
        var monochrome: [Style: TextAttributes] = [:]
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            func fail(_ message: String) -> ThemeError { .malformed(file: file, line: offset + 1, message: message) }
            let line = rawLine.prefix { $0 != "#" }
            guard line.contains(where: { !$0.isWhitespace }) else { continue }
            let sides = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard sides.count == 2 else { throw fail("expected 'role = foreground background [attributes]'") }
            let key = sides[0].trimmingWhitespace, words = sides[1].split(whereSeparator: \.isWhitespace).map(String.init)
            let isMono = key.hasSuffix(".mono")
            let roleName = isMono ? String(key.dropLast(".mono".count)) : key
            guard let style = Style(rawValue: roleName) else { throw fail("unknown role '\(roleName)'") }
            if isMono {
                guard monochrome[style] == nil else { throw fail("role '\(key)' is set twice") }
                guard !words.isEmpty else { throw fail("'\(key)' needs attributes or 'none'") }
                monochrome[style] = words == ["none"] ? [] : try attributes(words, fail: fail)
            } else {
                guard entries[style] == nil else { throw fail("role '\(key)' is set twice") }
                guard words.count >= 2 else { throw fail("'\(key)' needs a foreground and a background color") }
                entries[style] = ThemeEntry(foreground: try color(words[0], fail: fail), background: try color(words[1], fail: fail),
                                            attributes: try attributes(words.dropFirst(2), fail: fail))
            }
        }
        return Theme(name: name, entries: entries, monochrome: monochrome)
    }

    private static func color(_ word: String, fail: (String) -> ThemeError) throws(ThemeError) -> TerminalColor {
        if let named = TerminalColor.names[word.lowercased()] { return named }
        guard let index = Int(word) else { throw fail("unknown color '\(word)'") }
        guard (0...255).contains(index) else { throw fail("color \(index) is out of range 0-255") }
        return .indexed(index)
    }

    private static func attributes(_ words: some Sequence<String>, fail: (String) -> ThemeError) throws(ThemeError) -> TextAttributes {
        var result: TextAttributes = []
        for word in words {
            guard let attribute = TextAttributes.names[word.lowercased()] else { throw fail("unknown attribute '\(word)'") }
            result.insert(attribute)
        }
        return result
    }
}

extension Substring {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
