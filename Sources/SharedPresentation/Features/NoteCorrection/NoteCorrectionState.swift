import CoreDomain
import CoreUseCases

/// Withdrawing one of the user's own notes: the note chosen (newest first), the reason typed,
/// then a check naming the patient with the note whole and the reason, and only then the
/// outbox, which keeps the note marked entered in error: never deleted.
public struct NoteCorrectionState: Equatable, Sendable {
    public enum Step: FormStep, Sendable {
        /// `↑↓` over `notes`, `Enter` takes `chosen`.
        case choose
        /// Typing into `reason`.
        case reason
        case confirming
        case saving
    }

    /// Whose notes they are: named again at the check, beside the banner.
    public var patient: Patient
    /// The user's own notes not yet withdrawn, newest first: never empty.
    public var notes: [NoteItem]
    public var chosen = 0
    public var reason = ""
    public var step: Step = .choose
    /// Why the typed reason was not accepted.
    public var refusal: String?
    /// Why the last save failed, shown whole at the check.
    public var failure: String?

    public init(patient: Patient, notes: [NoteItem]) {
        self.patient = patient
        self.notes = notes
    }

    public var note: NoteItem { notes[min(chosen, notes.count - 1)] }

    /// The longest reason kept, as for a round entered in error.
    static let maximumReasonLength = CorrectVitals.maximumReasonLength
}
