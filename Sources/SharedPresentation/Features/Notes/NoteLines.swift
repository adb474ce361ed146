import CoreDomain
import CoreUseCases
import Foundation

/// One note as it is read: a heading (kind, date, author, `pending` while a note written here
/// waits for the server, `ENTERED IN ERROR` for one withdrawn, its text then dimmed), then its
/// text whole, wrapped at the
/// pane's width with its own line breaks and blank lines kept. A note cut at
/// `NoteContent.shownBytes` ends with a line saying so; a note whose text could not be read
/// here says why, never shows nothing.
enum NoteLines {
    static func lines(_ item: NoteItem, width: Int, context: ViewContext) -> [StyledLine] {
        let note = item.note
        let heading = [note.type?.displayName ?? "Note", note.date.map(context.dateTime) ?? "undated",
                       item.author?.name.listName ?? note.authorName ?? "author not recorded"].joined(separator: " · ")
        var spans = [Span(heading, .header)]
        // A note written here says so until the server has it, as a charted value does.
        if let word = DeliveryText.word(note.delivery) { spans.append(Span(" · \(word)", DeliveryText.role(note.delivery))) }
        let isWithdrawn = note.status == .enteredInError
        if isWithdrawn { spans.append(Span(" · ENTERED IN ERROR", .warning)) }
        var lines = LineWrapping.wrap(spans, width: width)
        if let type = note.content.unreadType {
            let place = note.content.url.map { ", held at \($0)" } ?? ""
            lines += LineWrapping.wrap([Span("text not shown here: \(type)\(place)", .warning)], width: width)
        }
        // Lines split at their break bytes: a long note's characters are never walked one by one.
        for paragraph in note.content.text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let text = String(Substring(paragraph))
            lines += text.utf8.allSatisfy({ $0 == UInt8(ascii: " ") }) ? [StyledLine("")]
                : LineWrapping.wrap([Span(text, isWithdrawn ? .dim : .normal)], width: width)
        }
        while lines.last == StyledLine("") { lines.removeLast() }
        if let size = note.content.cutFromBytes {
            let text = "note cut at \(kibibytes(NoteContent.shownBytes)) of \(kibibytes(size)): the rest is in the source record"
            lines += LineWrapping.wrap([Span(text, .warning)], width: width)
        }
        return lines
    }

    /// `87_524` -> "85 KiB", rounded.
    static func kibibytes(_ bytes: Int) -> String {
        "\(Int((Double(bytes) / 1024).rounded())) KiB"
    }
}
