/// The Encounters tab's keys and their help, beside the feature that handles them.
extension KeyHelp {
    /// On the Encounters tab's list.
    static let encounterDetails = KeyBinding([.enter], "Enter", "encounter details", footer: "Enter details")
}
