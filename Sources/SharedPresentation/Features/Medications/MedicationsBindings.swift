/// The Meds tab's keys and their help, beside the feature that handles them.
extension KeyHelp {
    /// On the Meds tab only.
    public static let medicationsTab: [KeyBinding] = [
        KeyBinding([.character("m")], "m", "orders / MAR: today's doses (Meds tab)", footer: "m MAR"),
    ]
}
