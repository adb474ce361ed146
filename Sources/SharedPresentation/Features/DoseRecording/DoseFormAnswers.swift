import CoreDomain
import CoreUseCases
import Foundation

/// The answer of each step after the choice, in the order a dose given meets them: which dose
/// it is, the drug, each pre-administration check to answer, the dose (checked against the
/// order's, a reason and the value again where it is 2x or 0.5x and beyond), the route, the
/// time (an as-needed dose's reason), then each warning; a dose not given or held, its reason.
extension DoseFormState {
    mutating func answer(_ key: InputKey, _ context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        switch step {
        case let .whichDose(choices):
            guard case let .character(digit) = key, let number = digit.wholeNumberValue, choices.indices.contains(number - 1) else { return .none }
            dose = choices[number - 1].dose
            step = .drug
            return .none
        case .drug:
            return typed(key) { $0.drugTyped() }
        case let .preDoseCheck(check):
            return typed(key) { form in
                guard let words = form.typedWords("type why it is given without it, or Esc to go back and chart it first") else { return }
                form.notes.append("\(check.requirement.measure.rawValue) \(check.status == .missing ? "not charted" : "not current"): \(words)")
                form.overrides.append(.preDoseCheck)
                form.nextCheck()
            }
        case .dose:
            return typed(key) { $0.doseTyped() }
        case let .doseReason(difference):
            return typed(key) { form in
                guard let words = form.typedWords("type why this dose is given, or Esc to go back") else { return }
                form.notes.append("dose \(difference.sentence): \(words)")
                form.overrides.append(.dose)
                form.step = .doseRetype(difference)
            }
        case let .doseRetype(difference):
            return typed(key) { form in
                guard let given = form.doseGiven, DoseCheckRule.confirms(retyped: form.input, given: given) else {
                    form.refusal = "not the same dose: type \(difference.given) again, or Esc to go back"
                    form.input = ""
                    return
                }
                form.toRoute()
            }
        case .route:
            return typed(key) { form in
                form.routeText = form.input.trimmingCharacters(in: .whitespaces)
                form.input = ""
                form.step = .time
            }
        case .time:
            return typed(key) { form in
                switch ChartingTimeParser.time(form.input, now: context.now, calendar: context.calendar) {
                case let .success(time):
                    form.effective = time
                    form.input = ""
                    // An as-needed dose is given for a reason, asked before any warning.
                    if form.dose.isAsNeeded {
                        form.step = .indication
                    } else {
                        form.warnings = form.warnings(at: time)
                        form.nextWarning()
                    }
                case let .failure(refusal):
                    form.refusal = refusal.message
                }
            }
        case .indication:
            return typed(key) { form in
                guard let words = form.typedWords("type why it is given (as pain 7/10), or Esc to go back"), let time = form.effective else { return }
                form.indication = words
                form.warnings = form.warnings(at: time)
                form.nextWarning()
            }
        case .reason:
            guard case let .character(letter) = key, let picked = DoseReason.allCases.first(where: { $0.key == letter }) else { return .none }
            if picked == .other {
                step = .otherReason
            } else {
                reason = picked.rawValue
                effective = context.now
                step = .confirming
            }
            return .none
        case .otherReason:
            return typed(key) { form in
                guard let words = DoseReason.other.text(other: form.input) else {
                    form.refusal = "type the reason, or Esc to go back"
                    return
                }
                form.reason = words
                form.effective = context.now
                form.step = .confirming
            }
        case let .warning(warning):
            if case let .doubleDose(earlier) = warning {
                guard key == .character("y") else { return .none }
                notes.append("second dose confirmed: already given \(Self.clock(earlier.effective, context)) by \(earlier.performer ?? "someone not named")")
                overrides.append(.doubleDose)
                confirmedEarlier.insert(earlier.id)
                failure = nil
                nextWarning()
                return .none
            }
            return typed(key) { form in
                guard let words = form.typedWords("type the reason, or Esc to go back") else { return }
                form.notes.append(Self.note(warning, words))
                form.overrides.append(warning.override)
                form.nextWarning()
            }
        default:
            return .none
        }
    }

    /// The drug scanned (or its name typed: `DrugScanRule.confirm`): the right one goes on to
    /// the checks; another is `WRONG DRUG`, and nothing is recorded.
    private mutating func drugTyped() {
        guard confirmDrug(for: dose.request) else { return }
        checksToAnswer = checks.filter(\.needsAnswer)
        nextCheck()
    }

    /// The next pre-administration check to answer, then the dose prefilled from the order.
    private mutating func nextCheck() {
        guard checksToAnswer.isEmpty else {
            step = .preDoseCheck(checksToAnswer.removeFirst())
            return
        }
        input = orderedDoseText
        step = .dose
    }

    /// The dose typed, checked against the order's in its unit: another unit that cannot be
    /// compared is refused; 2x or 0.5x and beyond asks a reason and the dose again.
    private mutating func doseTyped() {
        guard let typed = DoseRecordingRule.dose(input) else {
            refusal = "dose must be a number and a unit, as 500 mg"
            return
        }
        // Unchanged, the order's own quantity (with its UCUM code) is what is recorded.
        let given = input == orderedDoseText ? dose.request.dose ?? typed : typed
        let check = DoseCheckRule.check(given: given, ordered: dose.request.dose)
        if case let .refused(message) = check {
            refusal = message
            return
        }
        doseGiven = given
        doseCheck = check
        input = ""
        if case let .needsReason(difference) = check {
            step = .doseReason(difference)
        } else {
            toRoute()
        }
    }

    private mutating func toRoute() {
        input = RouteText.format(dose.request.route) ?? ""
        step = .route
    }

    /// The warnings a dose given at `time` meets, in the order they are asked.
    private func warnings(at time: Date) -> [DoseWarning] {
        var found: [DoseWarning] = []
        if let allergen { found.append(.allergy(allergen)) }
        if let earlier = DoseRecordingRule.earlierDose(of: dose, in: record, at: time) { found.append(.doubleDose(earlier)) }
        // An as-needed dose has no time it falls due: it is never early or late.
        let timing = dose.isAsNeeded ? .onTime : DoseRecordingRule.timing(of: dose, givenAt: time, window: record.window)
        if timing != .onTime { found.append(.timing(timing)) }
        return found
    }

    private mutating func nextWarning() {
        if warnings.isEmpty {
            step = .confirming
        } else {
            step = .warning(warnings.removeFirst())
        }
    }

    /// The note a warning's answer leaves on the record.
    static func note(_ warning: DoseWarning, _ words: String) -> String {
        switch warning {
        case let .timing(timing): "\(timing.question ?? "outside the window"): \(words)"
        case let .allergy(substance): "allergy to \(substance) overridden: \(words)"
        case .doubleDose: words
        }
    }

    static func clock(_ date: Date, _ context: ChartingContext) -> String {
        CalendarFields(date, calendar: context.calendar).time
    }
}
