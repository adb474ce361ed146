import CoreDomain
import CoreUseCases

/// Keys on the vitals form. Every binding is listed in `KeyHelp.vitalsForm` / `vitalsConfirm`.
extension WorkstationState {
    mutating func handleVitalsForm(_ key: InputKey, _ current: VitalsFormState) -> [WorkstationEffect] {
        var form = current
        switch form.step {
        case .saving:
            // The outbox has it: nothing may change until it answers.
            return []
        case let .confirming(review):
            switch key {
            case .enter:
                form.step = .saving(review)
                form.failure = nil
                status = "saving…"
                charting = .vitals(form)
                return [.recordVitals(review.entry)]
            case .escape:
                form.step = .editing
                form.failure = nil
                status = nil
                charting = .vitals(form)
            default:
                guard let scroll = scrolledConfirm(.vitals(form), from: form.scroll, by: key) else { break }
                form.scroll = scroll
                charting = .vitals(form)
            }
            return []
        case .editing:
            break
        }
        if form.isDiscardPending {
            form.isDiscardPending = false
            status = nil
            if key == .escape {
                charting = nil
                return []
            }
        }
        switch key {
        case .escape:
            guard form.hasInput else {
                charting = nil
                return []
            }
            form.isDiscardPending = true
            status = "press Esc again to discard the values typed, any other key to go on"
        case .tab, .down:
            form.focus = Self.field(after: form.focus, by: 1)
        case .backTab, .up:
            form.focus = Self.field(after: form.focus, by: -1)
        case .enter:
            check(&form)
        default:
            edit(&form, key)
        }
        charting = .vitals(form)
        return []
    }

    static func field(after field: VitalsField, by step: Int) -> VitalsField {
        let fields = VitalsField.allCases
        let index = fields.firstIndex(of: field) ?? 0
        return fields[(index + step + fields.count) % fields.count]
    }

    /// Typing into the focused field; on the oxygen field, choosing room air or O2.
    private func edit(_ form: inout VitalsFormState, _ key: InputKey) {
        let field = form.focus
        if field == .oxygen {
            switch key {
            case .character(" "), .left, .right: form.input.onOxygen.toggle()
            case .character("o"), .character("O"), .character("2"): form.input.onOxygen = true
            case .character("r"), .character("R"), .character("a"), .character("A"): form.input.onOxygen = false
            default: return
            }
            form.refusals[.oxygenSaturation] = nil
            form.refusals[.oxygenFlow] = nil
            return
        }
        var text = form.input.text[field] ?? ""
        switch key {
        case .backspace, .delete:
            guard !text.isEmpty else { return }
            text.removeLast()
        case .control("u"):
            text = ""
        case let .character(character) where !character.isNewline && text.count < VitalsFormState.maximumLength(field):
            text.append(character)
        default:
            return
        }
        form.input.text[field] = text
        form.refusals[field] = nil
    }

    /// Enter: every rule at once; refused fields get their messages and the cursor goes to the
    /// first, else the confirm step.
    private mutating func check(_ form: inout VitalsFormState) {
        switch VitalsFormValidation.validate(form.input, patientID: form.chart.patientID, now: now, calendar: entryCalendar) {
        case let .valid(review):
            form.refusals = [:]
            form.step = .confirming(review)
            form.scroll = 0
            status = nil
        case let .refused(refusals):
            form.refusals = refusals.mapValues(\.message)
            form.focus = VitalsField.allCases.first { refusals[$0] != nil } ?? form.focus
            status = refusals.count == 1
                ? "1 value refused: correct it or clear it (Ctrl-U)"
                : "\(refusals.count) values refused: correct them or clear them (Ctrl-U)"
        case .nothingEntered:
            status = VitalsChartingError.nothingEntered.errorDescription
        }
    }
}
