import CoreDomain
import CoreUseCases

/// Recording how well an as-needed (PRN) dose worked, at its follow-up: the effect by letter,
/// an optional note, then a confirm step naming the patient and the drug, and only then the
/// outbox.
public struct PRNFollowUpState: Equatable, Sendable {
    public enum Step: FormStep, Sendable {
        /// `e` effective, `p` partly effective, `n` not effective.
        case choose
        /// The optional note, typed into `input`.
        case note
        case confirming
        case saving
    }

    /// Whose dose it was: named again at the confirm step, beside the banner.
    public var patient: Patient
    /// The order the dose was given for: its drug is named at every step.
    public var order: MedicationRequest
    /// The dose followed up.
    public var dose: MedicationAdministration
    public var step: Step = .choose
    public var effect: PRNEffect?
    /// What is typed at the note step.
    public var input = ""
    public var note: String?
    /// Why the last save failed, shown whole at the confirm step.
    public var failure: String?

    public init(patient: Patient, order: MedicationRequest, dose: MedicationAdministration) {
        self.patient = patient
        self.order = order
        self.dose = dose
    }

    /// The longest note kept.
    static let maximumLength = 200

    /// The letter that picks each answer at the choose step.
    static func letter(_ effect: PRNEffect) -> Character {
        switch effect {
        case .effective: "e"
        case .partlyEffective: "p"
        case .notEffective: "n"
        }
    }
}
