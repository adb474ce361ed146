import CoreDomain
import Foundation

/// A DocumentReference's `content[].attachment` -> `NoteContent`: the first attachment the
/// workstation can read as text (plain text and markdown as written, HTML as the text a
/// reader sees), decoded from its inline base64 `data`, cleaned (`NoteTextCleaning`) and cut
/// at `NoteContent.shownBytes`, saying so. An attachment held elsewhere (`url`) or of another
/// type is kept as its type and address, so the note says why its text is not shown.
enum NoteContentReading {
    static let textTypes: Set<String> = ["text/plain", "text/markdown", "text/html"]

    static func content(_ resource: ElementReader) throws(ElementProblem) -> NoteContent {
        var attachments: [ElementReader] = []
        for content in try resource.objects("content") { attachments.append(try content.requiredObject("attachment")) }
        guard !attachments.isEmpty else { throw resource.problem("content", "missing") }
        var unread: NoteContent?
        for attachment in attachments {
            let type = mediaType(try attachment.string("contentType"))
            guard textTypes.contains(type), let data = try attachment.string("data") else {
                if unread == nil { unread = NoteContent(unreadType: type.isEmpty ? "no type given" : type, url: try attachment.string("url")) }
                continue
            }
            guard let bytes = Data(base64Encoded: data, options: .ignoreUnknownCharacters) else {
                throw attachment.problem("data", "is not base64")
            }
            let decoded = String(decoding: bytes, as: UTF8.self)
            return bounded(NoteTextCleaning.clean(type == "text/html" ? HTMLText.plain(decoded) : decoded))
        }
        return unread ?? NoteContent()
    }

    /// `text/plain; charset=utf-8` -> `text/plain`.
    static func mediaType(_ contentType: String?) -> String {
        (contentType ?? "").split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    }

    /// `text` cut to the last whole character within `NoteContent.shownBytes`, with the
    /// size it had when it was longer.
    static func bounded(_ text: String) -> NoteContent {
        let size = text.utf8.count
        guard size > NoteContent.shownBytes else { return NoteContent(text: text) }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: NoteContent.shownBytes)
        while end.samePosition(in: text.unicodeScalars) == nil { end = text.utf8.index(before: end) }
        return NoteContent(text: String(text.unicodeScalars[..<end]), cutFromBytes: size)
    }
}
