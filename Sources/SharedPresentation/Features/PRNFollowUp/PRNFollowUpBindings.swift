import CoreDomain

/// The PRN follow-up form's keys at each step, beside the feature that handles them.
extension KeyHelp {
    static let prnFollowUpLeave = KeyBinding([.escape], "Esc", "leave, nothing recorded", footer: "Esc cancel")
    static let prnFollowUpBack = KeyBinding([.escape], "Esc", "back to the effect, nothing recorded", footer: "Esc back")

    /// Its blocks on the `?` screen: every step's keys, each listed once.
    static var prnFollowUpHelp: [(title: String, bindings: [KeyBinding])] {
        [("PRN dose effect (follow-up)", prnFollowUp(.choose)),
         ("PRN effect: note and check", prnFollowUp(.note) + prnFollowUp(.confirming).filter { $0 != formHelp && $0 != prnFollowUpBack })]
    }

    static func prnFollowUp(_ step: PRNFollowUpState.Step) -> [KeyBinding] {
        switch step {
        case .choose:
            [formHelp, KeyBinding(PRNEffect.allCases.map { .character(PRNFollowUpState.letter($0)) },
                                  PRNEffect.allCases.map { String(PRNFollowUpState.letter($0)) }.joined(separator: " "),
                                  "the effect: " + PRNEffect.allCases.map { "\(PRNFollowUpState.letter($0)) \($0.text)" }.joined(separator: ", "),
                                  footer: "e/p/n effect"),
             prnFollowUpLeave]
        case .note:
            [KeyBinding([], "type", "a note (optional)", footer: "type, Enter", typesText: true),
             KeyBinding([.control("u")], "Ctrl-U", "clear what is typed"), KeyBinding([.enter], "Enter", "next"), prnFollowUpBack]
        case .confirming:
            [formHelp, KeyBinding([.enter], "Enter", "record the effect", footer: "Enter record"), prnFollowUpBack]
        case .saving: []
        }
    }
}
