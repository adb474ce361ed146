import Foundation

/// A clinical note (FHIR DocumentReference): who wrote it, when, of what kind, and its text
/// already made safe to show (see `NoteContent`).
public struct ClinicalNote: Hashable, Sendable, Identifiable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case current, superseded, enteredInError
    }

    public var id: String
    public var patientID: String
    /// The encounter the note was written in (`context.encounter`), so the encounter's
    /// details can show it.
    public var encounterID: String?
    public var status: Status
    /// The kind of note: "History and physical note", "Nurse note".
    public var type: CodedConcept?
    public var date: Date?
    /// The first author who is a Practitioner.
    public var authorID: String?
    /// The first author's name as the note itself gives it (`author.display`): all a note
    /// written here names its nurse by when there is no Practitioner for them.
    public var authorName: String?
    public var content: NoteContent
    /// Pending or failed while the outbox carries a note written here; settled otherwise.
    public var delivery: Delivery = .settled

    public init(
        id: String, patientID: String, encounterID: String? = nil, status: Status = .current, type: CodedConcept? = nil,
        date: Date? = nil, authorID: String? = nil, authorName: String? = nil, content: NoteContent = NoteContent()
    ) {
        self.id = id
        self.patientID = patientID
        self.encounterID = encounterID
        self.status = status
        self.type = type
        self.date = date
        self.authorID = authorID
        self.authorName = authorName
        self.content = content
    }
}

/// What a note says, as plain text with no control character but the line break, or why
/// there is no text to show.
public struct NoteContent: Hashable, Sendable {
    /// The text, at most `NoteContent.shownBytes` of it.
    public var text: String
    /// The whole text's size in UTF-8 bytes when it was longer than what is kept: the note
    /// says where it was cut, never silently.
    public var cutFromBytes: Int?
    /// The attachment's media type when its text could not be read here (a PDF, an image,
    /// text held on the server at `url`).
    public var unreadType: String?
    /// Where the text is held when the resource does not carry it (`attachment.url`).
    public var url: String?

    /// The most of one note kept and shown: long enough for any real note, short enough that
    /// a hostile one cannot fill the cache or slow a screen.
    public static let shownBytes = 64 << 10

    public init(text: String = "", cutFromBytes: Int? = nil, unreadType: String? = nil, url: String? = nil) {
        self.text = text
        self.cutFromBytes = cutFromBytes
        self.unreadType = unreadType
        self.url = url
    }
}
