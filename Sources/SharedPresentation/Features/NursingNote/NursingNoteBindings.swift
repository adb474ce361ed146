/// The nurse's note form's keys at each step, beside the feature that handles them. Enter is a
/// new line, as in any editor a nurse knows, so finishing takes a key of its own: Ctrl-D (the
/// terminal's end of text) or F2.
extension KeyHelp {
    static let nursingNoteType = KeyBinding([], "type", "the note; it wraps at the edge", footer: "type", typesText: true)
    static let nursingNoteNewLine = KeyBinding([.enter], "Enter", "start a new line", footer: "Enter new line")
    static let nursingNoteDone = KeyBinding([.control("d"), .function(2)], "Ctrl-D F2", "done: check the note before saving",
                                            footer: "Ctrl-D/F2 done")
    static let nursingNoteLeave = KeyBinding([.escape], "Esc", "leave (twice with words typed), nothing saved", footer: "Esc leave")
    static let nursingNoteSave = KeyBinding([.enter], "Enter", "save the note as shown", footer: "Enter save")
    static let nursingNoteBack = KeyBinding([.escape], "Esc", "back to writing, nothing saved", footer: "Esc back")

    /// Its blocks on the `?` screen: every step's keys, each listed once.
    static var nursingNoteHelp: [(title: String, bindings: [KeyBinding])] {
        [("Nurse's note", nursingNote(.writing)), ("Nurse's note check before saving", nursingNote(.confirming))]
    }

    static func nursingNote(_ step: NursingNoteState.Step) -> [KeyBinding] {
        switch step {
        case .writing: [nursingNoteType, nursingNoteNewLine, nursingNoteDone, nursingNoteLeave]
        case .confirming: [nursingNoteSave, nursingNoteBack]
        case .saving: []
        }
    }
}
