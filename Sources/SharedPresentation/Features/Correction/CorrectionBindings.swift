/// Marking a round entered in error: the reason, then the confirm step.
extension KeyHelp {
    public static let correctionReason: [KeyBinding] = [
        KeyBinding([], "type", "the reason", footer: "type the reason", typesText: true),
        KeyBinding([.control("u")], "Ctrl-U", "clear the reason"),
        KeyBinding([.enter], "Enter", "next", footer: "Enter next"),
        KeyBinding([.escape], "Esc", "leave, nothing marked", footer: "Esc cancel"),
    ]

    public static let correctionConfirm: [KeyBinding] = [
        KeyBinding([.enter], "Enter", "mark entered in error", footer: "Enter mark"),
        KeyBinding([.escape], "Esc", "back to the reason, nothing marked", footer: "Esc back"),
    ]
}
