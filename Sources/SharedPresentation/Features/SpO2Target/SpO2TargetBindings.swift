/// The SpO2 target's confirm step.
extension KeyHelp {
    public static let spo2TargetConfirm: [KeyBinding] = [
        KeyBinding([.enter], "Enter", "set or clear the SpO2 target as shown", footer: "Enter save"),
        KeyBinding([.escape], "Esc", "leave, nothing saved", footer: "Esc cancel"),
    ]
}
