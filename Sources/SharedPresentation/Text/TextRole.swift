/// What a piece of text *is*. View models tag text with roles; themes decide how each role
/// looks (color where there is color, bold/reverse where there is none), so meaning never
/// depends on color alone.
public enum TextRole: String, Hashable, Sendable, CaseIterable {
    case normal
    case dim
    case header
    case footer
    case border
    case title
    case selected
    case selectedInactive
    case tabActive
    case tabInactive
    case banner
    case allergy
    case abnormal
    case critical
    case accent
    case searchMatch
    case error
}

/// A run of text with one role.
public struct Span: Hashable, Sendable {
    public var text: String
    public var role: TextRole

    public init(_ text: String, _ role: TextRole = .normal) {
        self.text = text
        self.role = role
    }
}

/// One line of styled text.
public struct StyledLine: Hashable, Sendable, ExpressibleByStringLiteral {
    public var spans: [Span]

    public init(_ spans: [Span]) { self.spans = spans }
    public init(_ text: String, _ role: TextRole = .normal) { self.spans = [Span(text, role)] }
    public init(stringLiteral text: String) { self.spans = [Span(text)] }

    public var plainText: String { spans.map(\.text).joined() }
}
