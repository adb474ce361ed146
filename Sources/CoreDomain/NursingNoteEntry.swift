import Foundation

/// A nurse's note written at this workstation: kept as a DocumentReference (LOINC 34746-8,
/// "Nurse note") so it travels through the outbox, cache and sync as vitals and doses do.
public struct NursingNoteEntry: Sendable, Hashable {
    public var patientID: String
    /// The encounter the note is written in (the current stay), when the chart has one.
    public var encounterID: String?
    /// What the nurse typed: printable characters and line breaks only, at most
    /// `NursingNoteEntry.maximumLength` characters.
    public var text: String
    /// When the note was written.
    public var date: Date

    public init(patientID: String, encounterID: String?, text: String, date: Date) {
        self.patientID = patientID
        self.encounterID = encounterID
        self.text = text
        self.date = date
    }

    /// The longest note kept, in characters: a handover runs to a page or two; a note longer
    /// than this belongs in more than one.
    public static let maximumLength = 4_000
}

/// The kind of a nurse's note: LOINC 34746-8, the code Synthea's and most servers' nursing
/// notes carry, so the server and every reader file it with the other nursing notes.
public enum NurseNoteCode {
    public static let system = "http://loinc.org"
    public static let code = "34746-8"
    public static let display = "Nurse note"
}
