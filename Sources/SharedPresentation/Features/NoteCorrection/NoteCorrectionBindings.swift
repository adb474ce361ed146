/// Withdrawing a note: which, why, then the check; each step's keys beside the feature.
extension KeyHelp {
    static let noteCorrectionLeave = KeyBinding([.escape], "Esc", "leave, nothing marked", footer: "Esc cancel")
    static let noteCorrectionBack = KeyBinding([.escape], "Esc", "back a step, nothing marked", footer: "Esc back")

    /// Its blocks on the `?` screen: every step's keys, each listed once.
    static var noteCorrectionHelp: [(title: String, bindings: [KeyBinding])] {
        [("Note entered in error", noteCorrection(.choose) + noteCorrection(.reason).filter { $0.keys != [.escape] }
            + noteCorrection(.confirming).filter { $0.keys != [.escape] })]
    }

    static func noteCorrection(_ step: NoteCorrectionState.Step) -> [KeyBinding] {
        switch step {
        case .choose:
            [KeyBinding([.up, .down], "↑↓", "choose the note", footer: "↑↓ choose"), KeyBinding([.enter], "Enter", "this note", footer: "Enter next"),
             noteCorrectionLeave]
        case .reason:
            [KeyBinding([], "type", "why it is entered in error", footer: "type the reason", typesText: true),
             KeyBinding([.control("u")], "Ctrl-U", "clear the reason"), KeyBinding([.enter], "Enter", "check before marking", footer: "Enter next"),
             noteCorrectionBack]
        case .confirming:
            [KeyBinding([.enter], "Enter", "mark the note entered in error", footer: "Enter mark"), noteCorrectionBack]
        case .saving: []
        }
    }
}
