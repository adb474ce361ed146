import Foundation

/// The status line: the notice in its tone's style, fitted to the width in whole words. A
/// progress line looks quieter than a warning, and a critical one louder, in every theme,
/// colourless ones included (`Style.monochromeAttributes`); the words say it too.
public enum StatusLineView {
    public static func line(_ notice: Notice, width: Int, unicode: Bool = true) -> StyledLine {
        StyledLine([Span(" " + fitted(notice.text, width: width - 1, unicode: unicode), role(notice.tone))])
    }

    public static func role(_ tone: Notice.Tone) -> TextRole {
        switch tone {
        case .info: .footer
        case .progress: .dim
        case .warning: .warning
        case .critical: .critical
        }
    }

    /// A status line wider than the screen: its first whole words that fit, then `…` (`...`
    /// without Unicode). It was cut mid-word at 40 columns (`stays pending in the de`); a word
    /// or a number is shown whole or not at all.
    static func fitted(_ text: String, width: Int, unicode: Bool) -> String {
        guard DisplayWidth.cells(text) > width else { return text }
        let more = unicode ? "…" : "..."
        var words = text.split(separator: " ")
        while words.count > 1, DisplayWidth.cells(words.joined(separator: " ")) + DisplayWidth.cells(more) > width { words.removeLast() }
        return words.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ",;:")) + more
    }
}
