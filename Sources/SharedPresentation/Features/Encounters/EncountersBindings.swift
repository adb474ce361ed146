/// The Encounters tab's keys and their help, beside the feature that handles them.
extension KeyHelp {
    /// On the Encounters tab's list.
    static let encounterDetails = KeyBinding([.enter], "Enter", "encounter details", footer: "Enter details")
    /// On the Encounters tab's list: the tab bar has no room for a tab of its own at 80x24.
    static let chartNotes = KeyBinding([.character("N")], "N", "every note of the chart, newest first", footer: "N notes")
}
