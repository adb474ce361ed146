import CoreDomain

/// A nurse's note being written: free text typed line by line (Enter starts a new line,
/// Backspace erases back across them), then a confirm step that names the patient and shows
/// the note whole, and only then the outbox.
public struct NursingNoteState: Equatable, Sendable {
    public enum Step: FormStep, Sendable {
        /// Typing into `text`.
        case writing
        case confirming
        case saving
    }

    /// Whose note it is: named again at the confirm step, beside the banner (the screen keeps
    /// the chart it was started from).
    public var patient: Patient
    /// The stay the note is written in (`context.encounter`), when the patient is admitted.
    public var stay: Encounter?
    public var step: Step = .writing
    /// What is typed so far, its lines joined by line breaks: printable characters only.
    public var text = ""
    /// Why the last key did nothing (the note is full, nothing written yet), shown under it.
    public var refusal: String?
    /// Esc was pressed once with words typed: a second Esc throws them away, any other key
    /// goes on writing.
    public var isDiscarding = false
    /// Why the last save failed, shown whole at the confirm step.
    public var failure: String?

    public init(patient: Patient, stay: Encounter?) {
        self.patient = patient
        self.stay = stay
    }

    /// The note as stored: without the blank lines and spaces around it.
    var note: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
