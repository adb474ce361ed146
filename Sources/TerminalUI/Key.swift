/// A key press, decoded from curses so the rest of the program never sees key codes.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    /// F1 is `.function(1)`.
    case function(Int)
    /// Control plus a letter, lowercase: Ctrl-L is `.ctrl("l")`.
    case ctrl(Character)
    /// The terminal changed size (also delivered as `TerminalEvent.resize`).
    case resize
}
