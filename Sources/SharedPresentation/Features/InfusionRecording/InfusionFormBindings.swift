import CoreDomain

/// The infusion form's keys at each step, beside the feature that handles them.
extension KeyHelp {
    static let infusionTyped = KeyBinding([], "type", "the MRN, the drug's code (or name), the rate, the time or why", footer: "type, Enter",
                                          typesText: true)
    static let infusionBack = KeyBinding([.escape], "Esc", "back to the actions, nothing recorded", footer: "Esc back")

    /// Its blocks on the `?` screen.
    static var infusionFormHelp: [(title: String, bindings: [KeyBinding])] {
        [("Infusion: start, rate, pause, resume, stop", [formHelp, infusionActions(InfusionAction.allCases), doseLeave]),
         ("Infusion: wristband, drug, rate, time, why", [infusionTyped, doseClear, doseNext, infusionBack]),
         ("Infusion check before recording", infusionForm(.confirming).filter { $0 != formHelp })]
    }

    /// The letters of `actions`: `s start · c rate · p pause`.
    static func infusionActions(_ actions: [InfusionAction]) -> KeyBinding {
        KeyBinding(actions.map { .character(InfusionFormState.letter($0)) }, actions.map { String(InfusionFormState.letter($0)) }.joined(separator: " "),
                   "the action: " + actions.map { "\(InfusionFormState.letter($0)) \($0.rawValue)" }.joined(separator: ", "), footer: "letter: action")
    }

    static func infusionForm(_ form: InfusionFormState) -> [KeyBinding] {
        if form.step == .action { return [formHelp, infusionActions(form.infusion.actions), doseLeave] }
        return infusionForm(form.step)
    }

    static func infusionForm(_ step: InfusionFormState.Step) -> [KeyBinding] {
        switch step {
        case .wristband: [infusionTyped, doseClear, doseNext, doseLeave]
        case .action: [formHelp, infusionActions(InfusionAction.allCases), doseLeave]
        case .drug, .allergy, .rate, .rateReason, .rateRetype, .reason, .time: [infusionTyped, doseClear, doseNext, infusionBack]
        case .confirming:
            [formHelp, KeyBinding([.enter], "Enter", "record it", footer: "Enter record"),
             KeyBinding([.escape], "Esc", "back, nothing recorded", footer: "Esc back")]
        case .saving: []
        }
    }
}
