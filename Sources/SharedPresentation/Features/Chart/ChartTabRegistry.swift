extension ChartTab {
    /// Every chart tab, in the order of the tab bar and its number keys: the one place a tab
    /// is registered. A new tab is its own feature folder (a `ChartTabFeature`) and one line here.
    public static let registered: [ChartTab] = .registry([
        .summary,
        .encounters,
        .vitals,
        .medications,
        .results,
    ])
}
