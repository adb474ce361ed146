/// A key press as the view models understand it, independent of curses or any terminal.
/// TerminalUI translates what the terminal sends into these.
public enum InputKey: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    /// Ctrl plus a letter, lower-cased: Ctrl-L is `.control("l")`.
    case control(Character)
    case function(Int)
}
