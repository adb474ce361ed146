/// A key press, decoded from curses so the rest of the program never sees key codes.
/// (A size change is not a key: it arrives as `TerminalEvent.resize`.)
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    /// F1 is `.function(1)`.
    case function(Int)
    /// Control plus a letter, lowercase: Ctrl-L is `.ctrl("l")`.
    case ctrl(Character)
}
