import CoreDomain
import CoreUseCases

/// Keys on the vitals form, and the outbox's refusal. Every binding is listed in
/// `KeyHelp.vitalsForm` / `vitalsConfirm`.
extension VitalsFormState: Feature, FormFlow {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        flow(action, in: context)
    }

    func save(in context: ChartingContext) -> ChartingEffect? {
        review.map { RecordVitalsSave($0.entry).effect }
    }

    /// Esc at the check: back to the form, every value as typed.
    mutating func backFromConfirm() -> Bool {
        step = .editing
        return true
    }

    mutating func gather(_ key: InputKey, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        var said: [ChartingDelegate] = []
        if isDiscardPending {
            // The question takes the key as its answer: Esc discards, any other key keeps the
            // form as it was, and is not typed into it.
            isDiscardPending = false
            return key == .escape ? .tell(.say(nil), .close) : .tell(.say(nil))
        }
        switch key {
        case .escape:
            guard hasInput else { return FeatureStep(delegates: said + [.close]) }
            isDiscardPending = true
            said.append(.say(StatusText.discardQuestion))
        case .tab, .down:
            focus = field(after: focus, by: 1)
        case .backTab, .up:
            focus = field(after: focus, by: -1)
        case .enter:
            said.append(.say(check(context)))
        default:
            edit(key)
        }
        return FeatureStep(delegates: said)
    }

    /// The next (or previous) field the form asks, wrapping round.
    func field(after field: VitalsField, by step: Int) -> VitalsField {
        let index = fields.firstIndex(of: field) ?? 0
        return fields[(index + step + fields.count) % fields.count]
    }

    /// Typing into the focused field; on the oxygen field, choosing room air or O2; on the
    /// device field, picking one by its letter or stepping through them.
    private mutating func edit(_ key: InputKey) {
        let field = focus
        if field == .oxygen {
            switch key {
            // Stepping from nothing chosen chooses room air first, then O2.
            case .character(" "), .left, .right: input.onOxygen = input.onOxygen.map { !$0 } ?? false
            case .character("o"), .character("O"), .character("2"): input.onOxygen = true
            case .character("r"), .character("R"), .character("a"), .character("A"): input.onOxygen = false
            default: return
            }
            refusals[.oxygenSaturation] = nil
            for field in VitalsField.allCases where field.isAskedOnOxygenOnly { refusals[field] = nil }
            return
        }
        if field == .oxygenDevice {
            guard let device = Self.device(after: input.device, key) else { return }
            input.device = device
            // The flow's range is the device's: a refusal for the old one no longer holds.
            refusals[.oxygenDevice] = nil
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

    /// The device a key picks: its letter in either case, or Space and the arrows stepping
    /// through the list (from the first when none is picked yet); nil for any other key.
    static func device(after device: OxygenDevice?, _ key: InputKey) -> OxygenDevice? {
        let devices = OxygenDevice.allCases
        let step: Int
        switch key {
        case let .character(character) where character != " ":
            return devices.first { String($0.letter) == character.uppercased() }
        case .character(" "), .right: step = 1
        case .left: step = -1
        default: return nil
        }
        guard let index = device.flatMap(devices.firstIndex(of:)) else { return step > 0 ? devices.first : devices.last }
        return devices[(index + step + devices.count) % devices.count]
    }

    /// Enter: every rule at once; refused fields get their messages and the cursor goes to the
    /// first, else the confirm step. Returns what the status line says.
    private mutating func check(_ context: ChartingContext) -> Notice? {
        let age = birthDate.flatMap { PatientAge.years(born: $0, at: context.now) }
        switch VitalsFormValidation.validate(
            input, patientID: patientID, now: context.now, calendar: context.calendar, age: age, scale2: isSpO2TargetSet) {
        case var .valid(review):
            refusals = [:]
            review.doubts = PlausibleChangeRule.doubts(review.readings) { sign in latestVitals.first { $0.sign == sign } }
            self.review = review
            step = .confirming
            return nil
        case let .refused(refused):
            refusals = refused.mapValues(\.message)
            focus = fields.first { refused[$0] != nil } ?? focus
            return StatusText.refused(refused.count)
        case .nothingEntered:
            return VitalsChartingError.nothingEntered.errorDescription.map(Notice.warning)
        }
    }
}
