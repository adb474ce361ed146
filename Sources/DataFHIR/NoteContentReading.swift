import CoreDomain
import Foundation

/// A DocumentReference's `content[].attachment` -> `NoteContent`: the first attachment the
/// workstation can read as text (plain text and markdown as written, HTML as the text a
/// reader sees), decoded from its inline base64 `data`, cleaned (`NoteTextCleaning`) and cut
/// at `NoteContent.shownBytes`, saying so. An attachment held elsewhere (`url`) or of another
/// type is kept as its type and address, so the note says why its text is not shown; a sync
/// fetches the text of one held as a `Binary` on its own server (`content(ofBinary:)`).
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
            return try text(data, type: type, in: attachment)
        }
        return unread ?? NoteContent()
    }

    /// A `Binary` fetched for a note held at its address (`FHIRClient.noteText`): its text,
    /// read as an inline attachment is, or nil when it is of a type not read here.
    static func content(ofBinary binary: ElementReader) throws(ElementProblem) -> NoteContent? {
        guard try binary.string("resourceType") == "Binary" else { throw binary.problem("resourceType", "is not Binary") }
        let type = mediaType(try binary.string("contentType"))
        guard textTypes.contains(type), let data = try binary.string("data") else { return nil }
        return try text(data, type: type, in: binary)
    }

    /// The Binary id a note's text is held at, when it is held on the server read from: a
    /// relative `Binary/<id>`, or that address under `base`; nil for any other address (another
    /// host, another type), which is never fetched.
    static func binaryID(_ address: String, base: URL) -> String? {
        var path = Substring(address)
        let prefix = base.absoluteString + "/"
        if path.hasPrefix(prefix) { path = path.dropFirst(prefix.count) }
        guard path.hasPrefix("Binary/") else { return nil }
        let id = path.dropFirst("Binary/".count)
        // A FHIR id: [A-Za-z0-9-.]{1,64}; nothing that could change the path or add a query.
        guard (1...64).contains(id.count), id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }) else { return nil }
        return String(id)
    }

    /// Base64 `data` of media type `type` as a note's text: decoded, HTML read as a reader
    /// sees it, cleaned, bounded.
    private static func text(_ data: String, type: String, in element: ElementReader) throws(ElementProblem) -> NoteContent {
        guard let bytes = Data(base64Encoded: data, options: .ignoreUnknownCharacters) else { throw element.problem("data", "is not base64") }
        let decoded = String(decoding: bytes, as: UTF8.self)
        return bounded(NoteTextCleaning.clean(type == "text/html" ? HTMLText.plain(decoded) : decoded))
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
