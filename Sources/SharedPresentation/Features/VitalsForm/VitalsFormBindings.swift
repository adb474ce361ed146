import CoreDomain

/// The vitals form's keys: its fields, the oxygen and device choices, and its check.
extension KeyHelp {
    public static let vitalsForm: [KeyBinding] = [
        KeyBinding([.tab, .backTab, .up, .down], "Tab S-Tab ↑↓", "next / previous field", footer: "Tab next"),
        typeValue,
        oxygenChoice,
        deviceChoice,
        clearField,
        KeyBinding([.enter], "Enter", "check the values", footer: "Enter check"),
        KeyBinding([.escape], "Esc", "leave without saving", footer: "Esc cancel"),
    ]


    /// On every field but Oxygen and O2 device.
    static let typeValue = KeyBinding([], "type", "value; temperature in °C, or °F with F (101.2F); time HH:MM", typesText: true)
    static let clearField = KeyBinding([.control("u")], "Ctrl-U", "clear the field")
    /// On the Oxygen field only, which is chosen, not typed.
    static let oxygenChoice = KeyBinding(
        [" ", "o", "O", "2", "r", "R", "a", "A"].map { .character($0) } + [.left, .right], "Space ← → o r",
        "room air / O2 (on the Oxygen field: Space or arrows switch, o O2, r room air)")
    /// On the O2 device field only, which is picked, not typed.
    static let deviceChoice = KeyBinding(
        OxygenDevice.allCases.flatMap { [.character($0.letter), .character(Character($0.letter.lowercased()))] } + [.character(" "), .left, .right],
        OxygenDevice.allCases.map { String($0.letter) }.joined(separator: " "), "O2 device (on its field: \(OxygenDevice.choices); Space or arrows step through)")


    public static let vitalsConfirm: [KeyBinding] = [
        KeyBinding([.enter], "Enter", "save", footer: "Enter save"),
        KeyBinding([.escape], "Esc", "back to the form, nothing saved", footer: "Esc back"),
    ]
}
