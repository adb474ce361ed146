import CoreDomain
import CoreUseCases
import Foundation

/// Keys while recording a dose, and the outbox's refusal or its dose given meanwhile. Every
/// binding is listed in `KeyHelp.doseForm(_:)` for its step. Esc before the confirm step goes
/// back to the choice (from the wristband, the choice or a correction's reason: leaves,
/// nothing recorded); nothing is stored before Enter on the confirm step. Each typed step's
/// answer is `DoseFormAnswers`'s.
extension DoseFormState: Feature, FormFlow {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        flow(action, in: context)
    }

    func save(in context: ChartingContext) -> ChartingEffect? {
        let save: DoseSave = correcting.map {
            .correct(patientID: patient.id, administrationID: $0.id, reason: reason ?? "")
        } ?? .record(doseRecord, overrides: overrides, check: doubleDoseCheck)
        return save.effect
    }

    mutating func backFromConfirm() -> Bool {
        restart()
        return true
    }

    mutating func questioned(_ question: ChartingQuestion) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        guard let earlier = question.value as? MedicationAdministration else { return .none }
        givenMeanwhile(earlier)
        return .tell(.say(failure.map(Notice.warning)))
    }

    mutating func gather(_ key: InputKey, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        switch step {
        case .wristband, .choose, .correctionReason:
            if key == .escape { return .tell(.say(nil), .close) }
            if step == .correctionReason { return typed(key) { $0.correctionReasonTyped() } }
            return step == .wristband ? typed(key) { $0.scanned() } : choose(key, context)
        default:
            if key == .escape {
                // An as-needed dose's first step is its drug: Esc there leaves.
                if dose.isAsNeeded, step == .drug { return .tell(.say(nil), .close) }
                restart()
                return .none
            }
            return answer(key, context)
        }
    }

    /// Typing into `input`; Enter runs `next`.
    mutating func typed(_ key: InputKey, next: (inout Self) -> Void) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        if key == .enter {
            next(&self)
        } else if key.edit(&input, limit: Self.maximumLength) {
            refusal = nil
        }
        return .none
    }

    static let maximumLength = 200

    private mutating func correctionReasonTyped() {
        let words = input.trimmingCharacters(in: .whitespaces)
        guard !words.isEmpty else {
            refusal = "type why this record is wrong, or Esc to leave"
            return
        }
        reason = words
        step = .confirming
    }

    private mutating func scanned() {
        guard WristbandRule.matches(typed: input, chartMRN: chartMRN) else {
            refusal = WristbandRule.mismatch
            input = ""
            return
        }
        refusal = nil
        input = ""
        begin()
    }

    /// `g`: which dose it is, when a late or missed one's next is open; then the drug. `n`, `h`:
    /// the reason.
    private mutating func choose(_ key: InputKey, _ context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        switch key {
        case .character("g"):
            status = .completed
            let choices = DoseChoiceRule.choices(for: dose, in: record, at: context.now)
            step = choices.isEmpty ? .drug : .whichDose(choices)
        case .character("n"):
            status = .notDone
            step = .reason
        case .character("h"):
            status = .onHold
            step = .reason
        default:
            break
        }
        return .none
    }

    /// Back to the choice (or a correction's reason), everything answered forgotten: nothing was recorded.
    private mutating func restart() {
        if let correcting {
            self = DoseFormState(patient: patient, dose: dose, record: record, correcting: correcting)
            return
        }
        // The wristband matched already: back to the choice, under the ward's check still (its
        // confirm step must not read "wristband check off" and name the patient instead).
        let checked = wristbandCheck
        self = DoseFormState(patient: patient, dose: opened, record: record, allergen: allergen, chartMRN: chartMRN, wristbandCheck: false,
                             checks: checks)
        wristbandCheck = checked
    }

    /// The cache showed `earlier` given meanwhile when this dose was stored: nothing was, and
    /// the second-dose warning is asked as if it had been there when the form opened.
    mutating func givenMeanwhile(_ earlier: MedicationAdministration) {
        step = .warning(.doubleDose(earlier))
        failure = "not saved: already given meanwhile by \(earlier.performer ?? "someone not named")"
    }
}
