/// The Encounters tab's keys and their help, beside the feature that handles them.
extension KeyHelp {
    /// On the Encounters tab's list.
    static let encounterDetails = KeyBinding([.enter], "Enter", "encounter details", footer: "Enter details")
    /// On the Encounters tab's list: the tab bar has no room for a tab of its own at 80x24.
    static let chartNotes = KeyBinding([.character("N")], "N", "every note of the chart, newest first", footer: "N notes")
    /// In the chart's notes: one of the user's own notes withdrawn (the form asks which).
    static let noteEnteredInError = KeyBinding([.character("x")], "x", "in the notes (N): mark a note of yours entered in error", footer: "x in error")
}
