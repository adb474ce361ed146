import CoreDomain
import CoreUseCases

/// Keys on the vitals form, and the outbox's refusal. Every binding is listed in
/// `KeyHelp.vitalsForm` / `vitalsConfirm`.
extension VitalsFormState: Feature {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate> {
        switch action {
        case let .key(key):
            return handle(key, context)
        case let .saveFailed(message):
            // Back to the confirm step with everything kept, so Enter tries again and Esc edits.
            guard case let .saving(review) = step else { return .none }
            step = .confirming(review)
            failure = "not saved: \(message)"
            // The failure heads the confirm step: scroll back up to it.
            scroll = 0
            return .tell(.say(failure))
        }
    }

    private mutating func handle(_ key: InputKey, _ context: ChartingContext) -> FeatureStep<ChartingDelegate> {
        switch step {
        case .saving:
            // The outbox has it: nothing may change until it answers.
            return .none
        case let .confirming(review):
            switch key {
            case .enter:
                step = .saving(review)
                failure = nil
                return FeatureStep(effects: [.recordVitals(review.entry)], delegates: [.say(StatusText.saving)])
            case .escape:
                step = .editing
                failure = nil
                return .tell(.say(nil))
            default:
                if let moved = context.scrolled(.vitals(self), from: scroll, by: key) { scroll = moved }
                return .none
            }
        case .editing:
            break
        }
        var said: [ChartingDelegate] = []
        if isDiscardPending {
            isDiscardPending = false
            said.append(.say(nil))
            if key == .escape { return .tell(.say(nil), .close) }
        }
        switch key {
        case .escape:
            guard hasInput else { return FeatureStep(delegates: said + [.close]) }
            isDiscardPending = true
            said.append(.say(StatusText.discardQuestion))
        case .tab, .down:
            focus = Self.field(after: focus, by: 1)
        case .backTab, .up:
            focus = Self.field(after: focus, by: -1)
        case .enter:
            said.append(.say(check(context)))
        default:
            edit(key)
        }
        return FeatureStep(delegates: said)
    }

    static func field(after field: VitalsField, by step: Int) -> VitalsField {
        let fields = VitalsField.allCases
        let index = fields.firstIndex(of: field) ?? 0
        return fields[(index + step + fields.count) % fields.count]
    }

    /// Typing into the focused field; on the oxygen field, choosing room air or O2.
    private mutating func edit(_ key: InputKey) {
        let field = focus
        if field == .oxygen {
            switch key {
            case .character(" "), .left, .right: input.onOxygen.toggle()
            case .character("o"), .character("O"), .character("2"): input.onOxygen = true
            case .character("r"), .character("R"), .character("a"), .character("A"): input.onOxygen = false
            default: return
            }
            refusals[.oxygenSaturation] = nil
            refusals[.oxygenFlow] = nil
            return
        }
        var text = input.text[field] ?? ""
        switch key {
        case .backspace, .delete:
            guard !text.isEmpty else { return }
            text.removeLast()
        case .control("u"):
            text = ""
        case let .character(character) where !character.isNewline && text.count < Self.maximumLength(field):
            text.append(character)
        default:
            return
        }
        input.text[field] = text
        refusals[field] = nil
    }

    /// Enter: every rule at once; refused fields get their messages and the cursor goes to the
    /// first, else the confirm step. Returns what the status line says.
    private mutating func check(_ context: ChartingContext) -> String? {
        let born = (chart.summary.value?.banner.patient ?? chart.listEntry.patient).birthDate
        let age = born.flatMap { PatientAge.years(born: $0, at: context.now) }
        switch VitalsFormValidation.validate(input, patientID: chart.patientID, now: context.now, calendar: context.calendar, age: age) {
        case var .valid(review):
            refusals = [:]
            let latest = chart.summary.value?.latestVitals ?? []
            review.doubts = PlausibleChangeRule.doubts(review.readings) { sign in latest.first { $0.sign == sign } }
            step = .confirming(review)
            scroll = 0
            return nil
        case let .refused(refused):
            refusals = refused.mapValues(\.message)
            focus = VitalsField.allCases.first { refused[$0] != nil } ?? focus
            return StatusText.refused(refused.count)
        case .nothingEntered:
            return VitalsChartingError.nothingEntered.errorDescription
        }
    }
}
