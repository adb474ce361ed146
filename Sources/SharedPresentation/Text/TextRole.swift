/// What a piece of text *is*, never how it looks: view models pick a role, the `Theme` decides colors and
/// attributes per terminal capability. Keeping the set small keeps themes easy to write.
public enum TextRole: String, CaseIterable, Sendable, Hashable {
    /// Ordinary text on the ordinary background.
    case normal
    /// Secondary text: timestamps, hints, empty-state messages.
    case dim
    /// Labels and headings inside a pane ("Vitals", "Meds").
    case accent
    /// The top title line of the workstation.
    case header
    /// The bottom key-hint line.
    case footer
    /// The key names inside the footer ("q", "Enter").
    case footerKey
    /// The patient identification banner on a chart.
    case banner
    /// Pane frames of panes without focus.
    case border
    /// The frame of the pane that has keyboard focus.
    case borderFocused
    /// The selected row in the focused pane.
    case selected
    /// The selected row in a pane without focus: still visible, clearly not the focus.
    case selectedInactive
    /// The current tab.
    case tabActive
    /// The other tabs.
    case tabInactive
    /// Allergy status and other "read this before acting" notices.
    case warning
    /// Values outside the reference range (always also marked with a letter by renderers).
    case abnormal
    /// Critical values and errors that stop the user.
    case critical
    /// Text that matches the current search.
    case searchMatch
    /// Editable text fields (search box, entry forms).
    case input
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
