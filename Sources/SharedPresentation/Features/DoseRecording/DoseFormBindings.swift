import CoreUseCases

/// The dose form's keys at each step, beside the feature that handles them.
extension KeyHelp {
    static let doseTyped = KeyBinding([], "type", "the MRN, dose, route, time or a reason", footer: "type, Enter", typesText: true)
    static let doseClear = KeyBinding([.control("u")], "Ctrl-U", "clear what is typed")
    static let doseNext = KeyBinding([.enter], "Enter", "next")
    static let doseBack = KeyBinding([.escape], "Esc", "back to given / not given / held, nothing recorded", footer: "Esc back")
    static let doseLeave = KeyBinding([.escape], "Esc", "leave, nothing recorded", footer: "Esc cancel")
    static let doseSecondDose = KeyBinding([.character("y")], "y", "give a second dose", footer: "y second dose")

    /// The dose form's blocks on the `?` screen: every step's keys, each listed once.
    static var doseFormHelp: [(title: String, bindings: [KeyBinding])] {
        [("Recording a dose", doseForm(.choose)),
         ("Dose: wristband, dose, route, time, reasons", doseForm(.wristband) + [doseBack]),
         ("Dose not given or held", doseForm(.reason).filter { $0 != formHelp && $0 != doseBack }),
         ("Dose given twice?", [doseSecondDose]),
         ("Dose check before recording", doseForm(.confirming).filter { $0 != formHelp })]
    }

    static func doseForm(_ form: DoseFormState) -> [KeyBinding] {
        // An as-needed dose starts at its dose: Esc there leaves.
        if form.dose.isAsNeeded, form.step == .dose { return [doseTyped, doseClear, doseNext, doseLeave] }
        return doseForm(form.step)
    }

    static func doseForm(_ step: DoseFormState.Step) -> [KeyBinding] {
        switch step {
        case .wristband, .correctionReason: [doseTyped, doseClear, doseNext, doseLeave]
        case .choose:
            [formHelp, KeyBinding([.character("g")], "g", "given", footer: "g given"),
             KeyBinding([.character("n")], "n", "not given, with a reason", footer: "n not given"),
             KeyBinding([.character("h")], "h", "held, with a reason", footer: "h held"), doseLeave]
        case .dose, .route, .time, .indication, .otherReason, .warning(.timing), .warning(.allergy): [doseTyped, doseClear, doseNext, doseBack]
        case .warning(.doubleDose): [formHelp, doseSecondDose, doseBack]
        case .reason:
            [KeyBinding(DoseReason.allCases.map { .character($0.key) }, DoseReason.allCases.map { String($0.key) }.joined(separator: " "),
                        "the reason: " + DoseReason.allCases.map { "\($0.key) \($0.rawValue)" }.joined(separator: ", "), footer: "letter: reason"),
             formHelp, doseBack]
        case .confirming:
            [formHelp, KeyBinding([.enter], "Enter", "record the dose", footer: "Enter record"),
             KeyBinding([.escape], "Esc", "back, nothing recorded", footer: "Esc back")]
        case .saving: []
        }
    }
}
