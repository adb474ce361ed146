/// The Vitals tab's keys and their help, beside the feature that handles them.
extension KeyHelp {
    /// On the Vitals tab only (with `addVitals`).
    public static let vitalsTab: [KeyBinding] = [
        KeyBinding([.character("x")], "x", "mark the chosen round entered in error", footer: "x in error"),
    ]
}
