import CoreDomain
import CoreUseCases
import Foundation

/// Recording one scheduled dose from the MAR, as BCMA does (its five rights: patient, drug,
/// dose, route, time): the wristband first (unless the ward turned the check off), then given,
/// not given or held. For a dose given: which dose it is when a late or missed one's next is
/// open (`DoseChoiceRule`); the drug scanned, or its name typed where the order has no code
/// (`DrugScanRule`); each pre-administration check that is missing or old answered
/// (`PreDoseCheckRule`); the dose (prefilled from the order, checked against it in its unit:
/// `DoseCheckRule`, a reason and the value typed again at 2x or 0.5x and beyond), the route
/// and the time; then each warning the dose meets (early or late, a second dose within the
/// order's interval, an allergy) answered in turn; then a confirm step showing everything,
/// and only then the outbox.
public struct DoseFormState: Equatable, Sendable, BedsideAnswers {
    public enum Step: FormStep, Sendable {
        /// The wristband's MRN is scanned or typed into `input`.
        case wristband
        /// `g` given, `n` not given, `h` held.
        case choose
        /// A late or missed dose whose next is open: `1` it, given late now; `2` the next one,
        /// given early now.
        case whichDose([DoseChoice])
        /// The drug's code scanned or typed into `input` (its name, where the order has no code).
        case drug
        /// A pre-administration check missing or too old: why it is given without it, typed.
        case preDoseCheck(PreDoseCheckResult)
        /// The dose given (`input`, prefilled from the order).
        case dose
        /// A dose 2x the order's or more, or 0.5x or less: why, typed.
        case doseReason(DoseDifference)
        /// The same dose typed again, so a slip is not confirmed by a second one.
        case doseRetype(DoseDifference)
        /// The route given (`input`, prefilled from the order).
        case route
        /// When it was given (`input`; empty is now).
        case time
        /// Why an as-needed dose is given (`input`: `pain 7/10`).
        case indication
        /// Why it was not given or held: a letter of `DoseReason`.
        case reason
        /// `other`'s words, typed into `input`.
        case otherReason
        /// A warning the dose meets, answered before it can be confirmed.
        case warning(DoseWarning)
        /// Why the dose recorded (`correcting`) is wrong, typed into `input`.
        case correctionReason
        case confirming
        case saving
    }

    /// Whom the dose is for, as the chart's banner names them: the confirm step names them
    /// when the ward checks no wristband. (The screen keeps the chart itself.)
    public var patient: Patient
    /// The dose being recorded: the one chosen on the MAR, or its order's next one where the
    /// nurse said this is that one (`whichDose`).
    public var dose: ScheduledDose
    /// The dose chosen on the MAR, which the form goes back to on Esc.
    public var opened: ScheduledDose
    /// The MAR the dose was chosen on: the double-dose guard reads it.
    public var record: MedicationAdministrationRecord
    /// The allergy the order conflicts with (`AllergyConflictRule`), if any.
    public var allergen: String?
    /// The chart's MRN the wristband must match (nil: the record has none, so none can).
    public var chartMRN: String?
    public var step: Step
    /// What is being typed at the current step.
    public var input = ""
    public var status: MedicationAdministration.Status = .completed
    public var doseGiven: Quantity?
    /// The dose given against the order's, once typed (`45 g is 10x the ordered 4.5 g`).
    public var doseCheck: DoseCheck?
    /// What confirmed the drug: the code matched (`NDC 0338-0550-03`) or its name typed.
    public var drugConfirmed: String?
    /// The order's pre-administration checks, as the MAR read them (`MedicationList.preDoseChecks`).
    public var checks: [PreDoseCheckResult] = []
    /// Checks still to answer, in order.
    public var checksToAnswer: [PreDoseCheckResult] = []
    public var routeText = ""
    public var effective: Date?
    public var reason: String?
    /// Why an as-needed dose is given, as typed.
    public var indication: String?
    /// Warnings still to answer, in order.
    public var warnings: [DoseWarning] = []
    /// The answers, as the record's notes, and which warnings were passed (audited).
    public var notes: [String] = []
    public var overrides: [DoseOverrideKind] = []
    /// Earlier doses of the order the nurse confirmed a second dose after (ids): the guard
    /// asked again at saving (`DoubleDoseCheck`) does not ask about them twice.
    public var confirmedEarlier: Set<String> = []
    /// Why what was typed was not accepted (a wristband mismatch, a dose that does not read).
    public var refusal: String?
    /// Why the last save failed, shown at the confirm step.
    public var failure: String?
    /// The dose recorded earlier that this form marks entered in error (`x` on the MAR); nil
    /// when recording a dose.
    public var correcting: MedicationAdministration?

    public init(patient: Patient, dose: ScheduledDose, record: MedicationAdministrationRecord, allergen: String?,
                chartMRN: String?, wristbandCheck: Bool, checks: [PreDoseCheckResult] = []) {
        self.patient = patient
        self.dose = dose
        opened = dose
        self.record = record
        self.allergen = allergen
        self.chartMRN = chartMRN
        self.wristbandCheck = wristbandCheck
        self.checks = checks
        step = .wristband
        if !wristbandCheck { begin() }
    }

    /// The first step after the wristband: the choice for a scheduled dose; for an as-needed
    /// one, which is only ever given, the drug.
    mutating func begin() {
        guard dose.isAsNeeded else {
            step = .choose
            return
        }
        status = .completed
        step = .drug
    }

    /// Marking `administration` (recorded for `dose`) entered in error: a reason, then confirm.
    public init(patient: Patient, dose: ScheduledDose, record: MedicationAdministrationRecord, correcting administration: MedicationAdministration) {
        self.init(patient: patient, dose: dose, record: record, allergen: nil, chartMRN: nil, wristbandCheck: false)
        correcting = administration
        // Nothing of a dose to give is asked (an as-needed dose's prefilled dose included).
        input = ""
        step = .correctionReason
    }

    /// The ward checks the wristband (`wristband_check`); else the confirm step names the patient.
    public var wristbandCheck: Bool

    /// What the status line says was saved: `recorded given`, `marked entered in error`.
    var savedWhat: String {
        if correcting != nil { return "marked entered in error" }
        switch status {
        case .completed: return "recorded given"
        case .onHold: return "recorded held"
        default: return "recorded not given"
        }
    }

    /// The order's dose as the form prefills it (`500 mg`), empty when the order has none.
    var orderedDoseText: String { dose.request.dose.map(DoseRecordingRule.doseText) ?? "" }

    /// The drug step asks for the drug's name: the order has no code a scan can match.
    var asksDrugName: Bool { DrugScanRule.needsName(dose.request) }
}

/// A warning a dose meets before it is recorded; each needs an answer.
public enum DoseWarning: Equatable, Sendable {
    /// Outside the ward's window: a reason is typed.
    case timing(DoseRecordingRule.Timing)
    /// Already given within the order's interval: `y` confirms a second dose.
    case doubleDose(MedicationAdministration)
    /// The patient is allergic to the drug: an override reason is typed.
    case allergy(String)

    var override: DoseOverrideKind {
        switch self {
        case .timing(.early): .early
        case .timing: .late
        case .doubleDose: .doubleDose
        case .allergy: .allergy
        }
    }
}
