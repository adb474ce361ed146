/// The Meds tab's keys and their help, beside the feature that handles them.
extension KeyHelp {
    /// On the Meds tab only.
    public static let medicationsTab: [KeyBinding] = [
        KeyBinding([.character("m")], "m", "orders / MAR: today's doses (Meds tab)", footer: "m MAR"),
    ]

    /// The same key on the MAR, where it goes back to the orders: the footer says so.
    public static let marToOrders = KeyBinding([.character("m")], "m", "orders / MAR: today's doses (Meds tab)", footer: "m orders")

    /// On the MAR, when it has doses.
    public static let marDoses: [KeyBinding] = [
        KeyBinding([.character("r")], "r", "record the chosen dose: given, not given, held (MAR)", footer: "r record"),
        KeyBinding([.character("x")], "x", "mark what was recorded for the chosen dose entered in error (MAR)"),
    ]

    /// On the MAR, when an infusion is chosen.
    public static let marInfusion = KeyBinding([.character("r")], "r", "start, change the rate of, pause, resume or stop the chosen infusion (MAR)",
                                               footer: "r record")

    /// On the MAR, when a PRN line is chosen.
    public static let marAsNeeded = KeyBinding([.character("e")], "e", "record the effect of the chosen PRN line's last dose (MAR)", footer: "e effect")
}
