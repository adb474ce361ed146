/// Color pairs for a theme on one terminal: each distinct foreground/background pair gets one
/// pair number, pair 0 being the terminal's default colors.
struct StylePalette: Equatable {
    struct Pair: Equatable {
        let number: Int
        /// Curses color numbers; -1 is the terminal default (needs use_default_colors).
        let foreground: Int
        let background: Int
    }

    struct Appearance: Equatable {
        let pair: Int
        let attributes: TextAttributes
    }

    let pairs: [Pair]
    private let appearances: [Style: Appearance]

    /// `defaultColorsAvailable` is false on terminals where use_default_colors fails; the
    /// default colors then become white on black for pairs that need an explicit number.
    init(theme: Theme, depth: ColorDepth, defaultColorsAvailable: Bool) {
        var pairs: [Pair] = []
        var appearances: [Style: Appearance] = [:]
        for style in Style.allCases {
            let resolved = theme.resolve(style, depth: depth)
            guard resolved.foreground != .default || resolved.background != .default else {
                appearances[style] = Appearance(pair: 0, attributes: resolved.attributes)
                continue
            }
            let fallback = defaultColorsAvailable ? (-1, -1) : (7, 0)
            let foreground = Self.number(resolved.foreground) ?? fallback.0
            let background = Self.number(resolved.background) ?? fallback.1
            let pair = pairs.first { $0.foreground == foreground && $0.background == background }
                ?? Pair(number: pairs.count + 1, foreground: foreground, background: background)
            if pair.number > pairs.count { pairs.append(pair) }
            appearances[style] = Appearance(pair: pair.number, attributes: resolved.attributes)
        }
        self.pairs = pairs
        self.appearances = appearances
    }

    func appearance(of style: Style) -> Appearance {
        appearances[style] ?? Appearance(pair: 0, attributes: [])
    }

    /// A pair's colour numbers; (-1, -1), the terminal's own, for pair 0.
    func colors(ofPair pair: Int) -> (foreground: Int, background: Int) {
        guard pair > 0, pair <= pairs.count else { return (-1, -1) }
        return (pairs[pair - 1].foreground, pairs[pair - 1].background)
    }

    /// Whether a blank looks the same in `first` as in `second`: the same background, and no
    /// underline or reverse (which show on a blank) unless the appearances are equal. Bold and
    /// dim change only how ink is drawn.
    func looksAlikeOnBlank(_ first: Appearance, _ second: Appearance) -> Bool {
        guard first != second else { return true }
        let inkOnly: TextAttributes = [.bold, .dim]
        return first.attributes.subtracting(inkOnly).isEmpty && second.attributes.subtracting(inkOnly).isEmpty
            && background(of: first.pair) == background(of: second.pair)
    }

    /// A pair's background; nil for the terminal's own (pair 0, or -1 with default colors).
    private func background(of pair: Int) -> Int? {
        guard pair > 0, pair <= pairs.count, pairs[pair - 1].background >= 0 else { return nil }
        return pairs[pair - 1].background
    }

    private static func number(_ color: TerminalColor) -> Int? {
        if case .indexed(let index) = color { return index }
        return nil
    }
}
