/// One thing a user can do with the keyboard: the keys that do it, and the words for the `?`
/// screen and the footer, together as one value (as Bubble Tea's `key.Binding`). The
/// workstation hands a key to a view's handler only when one of the view's bindings matches
/// it, so a key that help does not list does nothing; a test presses every binding's keys to
/// check each one does something.
public struct KeyBinding: Equatable, Sendable {
    /// The keys that do this.
    public var keys: [InputKey]
    /// Typing: every printable character (and Backspace) edits the text being typed.
    public var typesText: Bool
    /// How the keys are written on the `?` screen ("↑↓ j k").
    public var label: String
    public var action: String
    /// The short form for the footer ("q quit"); nil keeps the binding on the `?` screen only.
    public var footer: String?

    public init(_ keys: [InputKey], _ label: String, _ action: String, footer: String? = nil, typesText: Bool = false) {
        self.keys = keys
        self.typesText = typesText
        self.label = label
        self.action = action
        self.footer = footer
    }

    /// This binding without the keys `others` take (the Results tab's `←` means newer, not
    /// back): its label names the keys left; nil when none is left.
    func without(_ others: [KeyBinding]) -> KeyBinding? {
        let left = keys.filter { key in !others.contains { $0.matches(key) } }
        guard left.count != keys.count else { return self }
        guard !left.isEmpty else { return nil }
        var binding = self
        binding.keys = left
        binding.label = KeyHelp.keyNames(left)
        return binding
    }

    public func matches(_ key: InputKey) -> Bool {
        if keys.contains(key) { return true }
        guard typesText else { return false }
        switch key {
        case let .character(character): return !character.isNewline
        case .backspace, .delete: return true
        default: return false
        }
    }
}
