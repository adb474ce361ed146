import CoreDomain

/// A clinical note with its author's name resolved, for the encounter's details and the
/// chart's notes.
public struct NoteItem: Hashable, Sendable, Identifiable {
    public var id: String { note.id }
    public var note: ClinicalNote
    public var author: Practitioner?

    public init(note: ClinicalNote, author: Practitioner? = nil) {
        self.note = note
        self.author = author
    }

    /// Newest first; undated notes last, by id so the order never changes between loads.
    static func newestFirst(_ first: NoteItem, _ second: NoteItem) -> Bool {
        (first.note.date ?? .distantPast, first.note.id) > (second.note.date ?? .distantPast, second.note.id)
    }
}
