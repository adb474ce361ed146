/// The Results tab's keys, beside the chart's.
extension KeyHelp {
    /// On the Results tab only.
    public static let resultsTab: [KeyBinding] = [
        KeyBinding([.right, .character("l"), .left, .character("h")], "→ l ← h", "older / newer collections (Results tab)", footer: "→ older"),
        KeyBinding([.enter], "Enter", "the chosen test's every result (Results tab)", footer: "Enter history"),
    ]
}
