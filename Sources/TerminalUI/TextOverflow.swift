/// What `Canvas.text` does with text wider than its room. Renderers must not use
/// `.ellipsis` for numbers, doses or units: those get room or a different layout instead.
public enum TextOverflow: Sendable {
    /// Cut at the edge (never through a wide grapheme).
    case clip
    /// Cut and end with the ellipsis glyph, so the user knows there is more (names, titles).
    case ellipsis
}
