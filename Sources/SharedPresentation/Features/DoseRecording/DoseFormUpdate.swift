import CoreDomain
import CoreUseCases
import Foundation

/// Keys while recording a dose, and the outbox's refusal or its dose given meanwhile. Every binding is listed in
/// `KeyHelp.doseForm(_:)` for its step. Esc before the confirm step goes back to the choice
/// (from the wristband, the choice or a correction's reason: leaves, nothing recorded); nothing
/// is stored before Enter on the confirm step.
extension DoseFormState: Feature {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate> {
        switch action {
        case let .key(key):
            return handle(key, context)
        case let .saveFailed(message):
            return saveRefused(message)
        case let .saveQuestioned(question):
            guard step == .saving, let earlier = question.value as? MedicationAdministration else { return .none }
            givenMeanwhile(earlier)
            return .tell(.say(failure))
        }
    }

    private mutating func handle(_ key: InputKey, _ context: ChartingContext) -> FeatureStep<ChartingDelegate> {
        switch step {
        case .saving:
            return .none
        case .wristband, .choose, .correctionReason:
            if key == .escape { return .tell(.say(nil), .close) }
            if step == .correctionReason { return typed(key) { $0.correctionReasonTyped() } }
            return step == .wristband ? typed(key) { $0.scanned() } : choose(key)
        case .confirming:
            switch key {
            case .enter:
                step = .saving
                failure = nil
                let save: DoseSave = correcting.map {
                    .correct(patientID: patient.id, administrationID: $0.id, reason: reason ?? "")
                } ?? .record(doseRecord, overrides: overrides, check: doubleDoseCheck)
                return FeatureStep(effects: [save.effect], delegates: [.say(StatusText.saving)])
            case .escape:
                restart()
                return .tell(.say(nil))
            default:
                return .none
            }
        default:
            if key == .escape {
                // An as-needed dose's first step is its dose: Esc there leaves.
                if dose.isAsNeeded, step == .dose { return .tell(.say(nil), .close) }
                restart()
                return .none
            }
            return answer(key, context)
        }
    }

    /// Typing into `input`; Enter runs `next`.
    private mutating func typed(_ key: InputKey, next: (inout Self) -> Void) -> FeatureStep<ChartingDelegate> {
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

    private mutating func choose(_ key: InputKey) -> FeatureStep<ChartingDelegate> {
        switch key {
        case .character("g"):
            status = .completed
            input = orderedDoseText
            step = .dose
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

    private mutating func answer(_ key: InputKey, _ context: ChartingContext) -> FeatureStep<ChartingDelegate> {
        switch step {
        case .dose:
            return typed(key) { form in
                guard let typed = DoseRecordingRule.dose(form.input) else {
                    form.refusal = "dose must be a number and a unit, as 500 mg"
                    return
                }
                // Unchanged, the order's own quantity (with its UCUM code) is what is recorded.
                form.doseGiven = form.input == form.orderedDoseText ? form.dose.request.dose : typed
                form.input = RouteText.format(form.dose.request.route) ?? ""
                form.step = .route
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
                let words = form.input.trimmingCharacters(in: .whitespaces)
                guard !words.isEmpty, let time = form.effective else {
                    form.refusal = "type why it is given (as pain 7/10), or Esc to go back"
                    return
                }
                form.indication = words
                form.input = ""
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
                let words = form.input.trimmingCharacters(in: .whitespaces)
                guard !words.isEmpty else {
                    form.refusal = "type the reason, or Esc to go back"
                    return
                }
                form.notes.append(Self.note(warning, words))
                form.overrides.append(warning.override)
                form.input = ""
                form.nextWarning()
            }
        default:
            return .none
        }
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

    /// Back to the choice (or a correction's reason), everything answered forgotten: nothing was recorded.
    private mutating func restart() {
        if let correcting {
            self = DoseFormState(patient: patient, dose: dose, record: record, correcting: correcting)
            return
        }
        // The wristband matched already: back to the choice, under the ward's check still (its
        // confirm step must not read "wristband check off" and name the patient instead).
        let checked = wristbandCheck
        self = DoseFormState(patient: patient, dose: dose, record: record, allergen: allergen, chartMRN: chartMRN, wristbandCheck: false)
        wristbandCheck = checked
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

    /// The second-dose guard asked again at saving, for a dose given whose order has an interval.
    var doubleDoseCheck: DoubleDoseCheck? {
        guard correcting == nil, status == .completed, let interval = DoseRecordingRule.guardInterval(of: dose, in: record) else { return nil }
        return DoubleDoseCheck(interval: interval, confirmed: confirmedEarlier)
    }

    /// The cache showed `earlier` given meanwhile when this dose was stored: nothing was, and
    /// the second-dose warning is asked as if it had been there when the form opened.
    mutating func givenMeanwhile(_ earlier: MedicationAdministration) {
        step = .warning(.doubleDose(earlier))
        failure = "not saved: already given meanwhile by \(earlier.performer ?? "someone not named")"
    }

    /// What the confirm step records.
    var doseRecord: DoseRecord {
        let given = status == .completed
        let route: CodedConcept? = given ? (routeText == (RouteText.format(dose.request.route) ?? "") ? dose.request.route
            : routeText.isEmpty ? nil : CodedConcept(text: routeText)) : nil
        return DoseRecord(
            status: status, patientID: patient.id, requestID: dose.request.id, medication: dose.request.medication,
            effective: effective ?? dose.time, reason: given ? nil : reason, dose: given ? doseGiven : nil, route: route, notes: notes,
            indication: given ? indication : nil)
    }
}
