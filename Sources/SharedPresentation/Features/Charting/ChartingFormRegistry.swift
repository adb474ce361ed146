extension ChartingFormKind {
    /// Every charting form, in the order of the `?` screen's blocks: the one place a form is
    /// registered. A new form is its own feature folder (a `ChartingForm`) and one line here.
    public static let registered: [ChartingFormKind] = .registry([
        .vitals,
        .correction,
        .spo2Target,
        .dose,
        .infusion,
        .prnFollowUp,
        .nursingNote,
        .noteCorrection,
    ])
}
