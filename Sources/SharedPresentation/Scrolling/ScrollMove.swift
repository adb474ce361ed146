/// A key's move through a scrolled region, the same in every region (`ScrollContent.moved`).
public enum ScrollMove: Equatable, Sendable {
    /// `↑`/`k`: the item before, or a line up where there are no items (or none before).
    case up
    /// `↓`/`j`: the item after, or a line down where there are no items (or none after).
    case down
    /// `PgUp`: the window that ends on the line before the first one shown.
    case pageUp
    /// `PgDn`: the window that starts on the line after the last one shown.
    case pageDown
    /// `g`/`Home`: the first line (and the first item).
    case top
    /// `G`/`End`: the last line (and the last item).
    case bottom

    /// The move a key makes, nil for a key that is not a move.
    public init?(_ key: InputKey) {
        switch key {
        case .up, .character("k"): self = .up
        case .down, .character("j"): self = .down
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .home, .character("g"): self = .top
        case .end, .character("G"): self = .bottom
        default: return nil
        }
    }

    /// The keys that make a move, for a binding that lists them.
    public static let keys: [InputKey] = [.up, .down, .character("j"), .character("k"), .pageUp, .pageDown, .home, .end, .character("g"), .character("G")]
}
