/// A one-line text field's editing keys, the same on every form that takes typed words (a
/// correction's reason, a dose's wristband, dose, route, time and reasons): a character is
/// added up to `limit`, Backspace/Delete removes the last, Ctrl-U clears.
extension InputKey {
    /// Applies this key to `text`; false when it is not an editing key (text unchanged).
    func edit(_ text: inout String, limit: Int) -> Bool {
        switch self {
        case .backspace, .delete: if !text.isEmpty { text.removeLast() }
        case .control("u"): text = ""
        case let .character(character) where !character.isNewline && text.count < limit: text.append(character)
        default: return false
        }
        return true
    }
}
