import SharedPresentation

/// Keys are decoded straight into the view models' own key type, so there is one key
/// vocabulary from curses to `update`. (A size change is not a key: it arrives as
/// `TerminalEvent.resize`.)
public typealias Key = InputKey
