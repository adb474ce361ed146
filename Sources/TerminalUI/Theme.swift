/// Colors and attributes for one `Style`, as written in a theme file.
public struct ThemeEntry: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: TextAttributes

    public init(foreground: TerminalColor, background: TerminalColor, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}

/// How a style is finally drawn on a given terminal.
public struct ResolvedStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: TextAttributes

    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}

/// How each semantic `Style` looks, loaded from a `Themes/*.theme` file (see Themes/README.md)
/// and resolved per terminal: 256-color themes degrade to 16 or 8 colors, and without color
/// every role still stays distinguishable through attributes.
public struct Theme: Sendable, Equatable {
    public let name: String
    /// Roles the theme file sets; the others look like `normal` plus their monochrome marking.
    public let entries: [Style: ThemeEntry]
    /// Attributes the theme wants instead of the built-in monochrome marking (`role.mono`).
    public let monochrome: [Style: TextAttributes]

    public init(name: String, entries: [Style: ThemeEntry], monochrome: [Style: TextAttributes] = [:]) {
        self.name = name
        self.entries = entries
        self.monochrome = monochrome
    }

    /// No theme file at all: terminal colors, attributes only. Always usable.
    public static let plain = Theme(name: "plain", entries: [:])

    /// The look of `style` on a terminal with `depth` colors.
    public func resolve(_ style: Style, depth: ColorDepth) -> ResolvedStyle {
        let entry = entry(for: style)
        let withoutColor = ResolvedStyle(attributes: monochrome[style] ?? entry.attributes.union(style.monochromeAttributes))
        guard depth > .none else { return withoutColor }
        var foreground = entry.foreground.degraded(to: depth)
        let background = entry.background.degraded(to: depth)
        // A dark gray that lands on black would vanish on the default background of the
        // consoles that have so few colors (TERM=linux): the terminal's own color shows.
        if foreground == .indexed(0), entry.foreground != .indexed(0), background == .default { foreground = .default }
        // Two distinct colors may collapse into one at low depth; invisible text is never acceptable.
        if foreground == background, foreground != .default { return withoutColor }
        return ResolvedStyle(foreground: foreground, background: background, attributes: entry.attributes)
    }

    private func entry(for style: Style) -> ThemeEntry {
        if let entry = entries[style] { return entry }
        let normal = entries[.normal] ?? ThemeEntry(foreground: .default, background: .default)
        return ThemeEntry(foreground: normal.foreground, background: normal.background,
                          attributes: style == .normal ? normal.attributes : style.monochromeAttributes)
    }
}

extension Style {
    /// How the role stands out without color: what every theme falls back to on vt100 or
    /// with NO_COLOR, so selection, abnormal values and allergies are never lost.
    public var monochromeAttributes: TextAttributes {
        switch self {
        case .normal, .footer, .border, .tabInactive: []
        case .dim: .dim
        case .accent, .banner, .borderFocused, .footerKey, .abnormal: .bold
        case .header, .tabActive, .critical: [.bold, .reverse]
        case .selected: .reverse
        case .selectedInactive, .searchMatch, .input: .underline
        case .warning: [.bold, .underline]
        }
    }
}
