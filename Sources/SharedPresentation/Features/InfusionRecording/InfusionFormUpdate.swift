import CoreDomain
import CoreUseCases
import Foundation

/// Keys while recording an infusion's action, and the outbox's refusal. Every binding is
/// listed in `KeyHelp.infusionForm(_:)` for its step. Esc on the wristband or the actions
/// leaves, on any later step goes back to the actions; nothing is stored before Enter on the
/// confirm step.
extension InfusionFormState: Feature, FormFlow {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        flow(action, in: context)
    }

    func save(in context: ChartingContext) -> ChartingEffect? {
        record.map { DoseSave.record($0, overrides: overrides, check: nil).effect }
    }

    mutating func backFromConfirm() -> Bool {
        restart()
        return true
    }

    mutating func gather(_ key: InputKey, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        switch step {
        case .wristband, .action:
            if key == .escape { return .tell(.say(nil), .close) }
            return step == .wristband ? typed(key) { $0.scanned() } : chooseAction(key)
        default:
            if key == .escape {
                restart()
                return .none
            }
            return answer(key, context)
        }
    }

    private mutating func typed(_ key: InputKey, next: (inout Self) -> Void) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        if key == .enter {
            next(&self)
        } else if key.edit(&input, limit: DoseFormState.maximumLength) {
            refusal = nil
        }
        return .none
    }

    private mutating func scanned() {
        guard WristbandRule.matches(typed: input, chartMRN: chartMRN) else {
            refusal = WristbandRule.mismatch
            input = ""
            return
        }
        refusal = nil
        input = ""
        step = .action
    }

    /// An action open now: a start scans the drug first; a rate change or a resume asks its
    /// rate; a pause or a stop, why.
    private mutating func chooseAction(_ key: InputKey) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        guard case let .character(letter) = key, let chosen = infusion.actions.first(where: { Self.letter($0) == letter }) else { return .none }
        action = chosen
        switch chosen {
        case .start: step = .drug
        case .rateChange, .resume: askRate()
        case .pause, .stop: step = .reason
        }
        return .none
    }

    private mutating func askRate() {
        input = prefilledRateText
        step = .rate
    }

    private mutating func answer(_ key: InputKey, _ context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        switch step {
        case .drug:
            return typed(key) { $0.drugTyped() }
        case let .allergy(substance):
            return typed(key) { form in
                guard let words = form.typedWords("type why it is given despite the allergy, or Esc to go back") else { return }
                form.notes.append(DoseFormState.note(.allergy(substance), words))
                form.overrides.append(.allergy)
                form.askRate()
            }
        case .rate:
            return typed(key) { $0.rateTyped() }
        case let .rateReason(difference):
            return typed(key) { form in
                guard let words = form.typedWords("type why it runs at this rate, or Esc to go back") else { return }
                form.notes.append("rate \(difference.sentence): \(words)")
                form.overrides.append(.rate)
                form.step = .rateRetype(difference)
            }
        case let .rateRetype(difference):
            return typed(key) { form in
                guard let rate = form.rate, let again = InfusionRule.rate(form.input), DoseCheckRule.check(rate: again, ordered: rate) == .same else {
                    form.refusal = "not the same rate: type \(difference.given) again, or Esc to go back"
                    form.input = ""
                    return
                }
                form.input = ""
                form.step = .time
            }
        case .reason:
            return typed(key) { form in
                let words = form.input.trimmingCharacters(in: .whitespaces)
                form.reason = words.isEmpty ? nil : words
                form.input = ""
                form.step = .time
            }
        case .time:
            return typed(key) { form in
                switch ChartingTimeParser.time(form.input, now: context.now, calendar: context.calendar) {
                case let .success(time):
                    if let last = form.infusion.events.last?.administration.effective, time <= last {
                        // Read in time order, it would come before the record it follows.
                        form.refusal = "time must be after this infusion's last record, at "
                            + CalendarFields(last, calendar: context.calendar).time + " (empty for now)"
                        return
                    }
                    form.effective = time
                    form.input = ""
                    form.step = .confirming
                case let .failure(refusal):
                    form.refusal = refusal.message
                }
            }
        default:
            return .none
        }
    }

    /// The drug scanned, or its name typed (`DrugScanRule.confirm`); then any allergy.
    private mutating func drugTyped() {
        guard confirmDrug(for: infusion.request) else { return }
        if let allergen { step = .allergy(allergen) } else { askRate() }
    }

    /// The rate typed, checked against the order's: a unit that cannot be compared is refused;
    /// 2x or 0.5x and beyond asks why and the rate again.
    private mutating func rateTyped() {
        guard let typed = InfusionRule.rate(input) else {
            // The order's own rate as the example (ASCII: a refusal is drawn on any terminal).
            refusal = "rate must be a number and a unit" + (infusion.request.rate.map { ", as ordered: " + MedicationLineText.rate($0, unicode: false) } ?? "")
            return
        }
        // Unchanged, the rate it ran at (or the order's) is what is recorded, as it was written.
        let given = input == prefilledRateText ? infusion.prefilledRate ?? typed : typed
        let check = infusion.check(rate: given)
        if case let .refused(message) = check {
            refusal = message
            return
        }
        rate = given
        rateCheck = check
        input = ""
        if case let .needsReason(difference) = check { step = .rateReason(difference) } else { step = .time }
    }

    /// Back to the actions (after the wristband), everything answered forgotten.
    private mutating func restart() {
        let checked = wristbandCheck
        self = InfusionFormState(patient: patient, infusion: infusion, allergen: allergen, chartMRN: chartMRN, wristbandCheck: false)
        wristbandCheck = checked
    }
}
