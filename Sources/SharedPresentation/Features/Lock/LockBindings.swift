/// The lock screen's keys.
extension KeyHelp {
    public static let lock: [KeyBinding] = [
        KeyBinding([.enter], "type, Enter", "unlock", footer: "Enter unlock", typesText: true),
        KeyBinding([.escape], "Esc", "clear what was typed", footer: "Esc clear"),
    ]
}
