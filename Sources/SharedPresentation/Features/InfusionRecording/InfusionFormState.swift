import CoreDomain
import CoreUseCases
import Foundation

/// Recording what a nurse does to a continuous infusion, with the wristband check as for a
/// dose: the action (start, change the rate, pause, resume, stop: those open in its state);
/// for a start, the drug scanned (or its name typed) and any allergy answered; for a start,
/// a rate change or a resume, the rate it runs at (prefilled: the last it ran at, else the
/// order's), checked against the order's as a dose is (`DoseCheckRule`: 2x or 0.5x and beyond
/// asks a reason and the rate again); for a pause or a stop, why (optional); the time; then a
/// confirm step showing everything, and only then the outbox.
public struct InfusionFormState: Equatable, Sendable, BedsideAnswers {
    public enum Step: FormStep, Sendable {
        /// The wristband's MRN is scanned or typed into `input`.
        case wristband
        /// A letter of an action open now (`InfusionFormState.letter`).
        case action
        /// A start: the drug's code scanned or typed (its name, where the order has no code).
        case drug
        /// A start of a drug the patient is allergic to: why it is given, typed.
        case allergy(String)
        /// The rate it runs at after the action (`input`, prefilled).
        case rate
        /// A rate 2x the order's or more, or 0.5x or less: why, typed; then the rate again.
        case rateReason(DoseDifference)
        case rateRetype(DoseDifference)
        /// A pause or a stop: why, typed (may be left empty).
        case reason
        /// When it was done (`input`; empty is now).
        case time
        case confirming
        case saving
    }

    /// Whom it is for, as the chart's banner names them: the confirm step names them when the
    /// ward checks no wristband.
    public var patient: Patient
    public var infusion: Infusion
    /// The allergy the order conflicts with (`AllergyConflictRule`), if any.
    public var allergen: String?
    /// The chart's MRN the wristband must match (nil: the record has none, so none can).
    public var chartMRN: String?
    /// The ward checks the wristband (`wristband_check`).
    public var wristbandCheck: Bool
    public var step: Step
    /// What is being typed at the current step.
    public var input = ""
    public var action: InfusionAction?
    public var rate: MedicationRequest.Rate?
    /// The rate against the order's, once typed.
    public var rateCheck: DoseCheck?
    public var drugConfirmed: String?
    public var reason: String?
    public var effective: Date?
    /// The answers, as the record's notes, and which warnings were passed (audited).
    public var notes: [String] = []
    public var overrides: [DoseOverrideKind] = []
    /// Why what was typed was not accepted.
    public var refusal: String?
    /// Why the last save failed, shown at the confirm step.
    public var failure: String?

    public init(patient: Patient, infusion: Infusion, allergen: String?, chartMRN: String?, wristbandCheck: Bool) {
        self.patient = patient
        self.infusion = infusion
        self.allergen = allergen
        self.chartMRN = chartMRN
        self.wristbandCheck = wristbandCheck
        step = wristbandCheck ? .wristband : .action
    }

    /// The key for each action on the action step.
    static func letter(_ action: InfusionAction) -> Character {
        switch action {
        case .start: "s"
        case .rateChange: "c"
        case .pause: "p"
        case .resume: "u"
        case .stop: "x"
        }
    }

    /// What the status line says was saved: `infusion started`, `rate changed`.
    var savedWhat: String {
        switch action {
        case .start?: "infusion started"
        case .rateChange?: "rate changed"
        case .pause?: "infusion paused"
        case .resume?: "infusion resumed"
        case .stop?, nil: "infusion stopped"
        }
    }

    /// The rate as the form prefills it: the last it ran at, else the order's.
    var prefilledRateText: String { infusion.prefilledRate.map { MedicationLineText.rate($0, unicode: true) } ?? "" }

    /// What the confirm step records: the infusion's action at the time given, with its rate
    /// and why; nil until the action and its time are.
    var record: DoseRecord? {
        guard let action, let effective, var record = try? infusion.record(action, rate: action.setsRate ? rate : nil, at: effective, notes: notes)
        else { return nil }
        record.reason = reason
        return record
    }
}
