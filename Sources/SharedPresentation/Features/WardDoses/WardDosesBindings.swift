/// The due list's keys and their help, beside the feature that handles them.
extension KeyHelp {
    /// On the patient list: opens the ward's due list.
    public static let openWardDoses = KeyBinding([.character("d")], "d", "doses due on the ward (next hour and late)", footer: "d doses")

    public static let wardDoses: [KeyBinding] = [
        KeyBinding(upDown + [.pageUp, .pageDown] + ends, "↑↓ PgUp PgDn g G", "choose a patient", footer: "↑↓ choose"),
        KeyBinding([.enter], "Enter", "the chosen patient's MAR", footer: "Enter MAR"),
        KeyBinding([.escape], "Esc", "back to the list", footer: "Esc back"),
    ]
}
