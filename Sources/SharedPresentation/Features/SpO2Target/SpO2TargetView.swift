import CoreDomain

/// The SpO2 target's confirm step: what Enter does, to whom (name, DOB and MRN again, beside
/// the banner), and what it changes for NEWS2.
public enum SpO2TargetView {
    public static func content(_ state: SpO2TargetState, width: Int, context: ViewContext) -> ScrollContent {
        let patient = state.patient
        let verb = state.isSetting ? "Set" : "Clear"
        var lines = LineWrapping.wrap([Span("\(verb) \(SpO2TargetEntry.text) for", .accent)], width: width)
        lines += LineWrapping.wrap(
            items: [[Span(BannerView.bannerName(patient.name), .banner)],
                    [Span("DOB \(patient.birthDate.map(String.init(describing:)) ?? "unknown")", .banner)],
                    [Span(patient.identifierText, .banner)]],
            width: width, gap: 2)
        lines.append(StyledLine(""))
        let effect = state.isSetting
            ? "NEWS2 scores SpO2 on Scale 2 (hypercapnic respiratory failure) for rounds from now on."
            : "NEWS2 scores SpO2 on Scale 1 for rounds from now on."
        lines += LineWrapping.wrap([Span(effect)], width: width)
        lines += LineWrapping.wrap([Span("Earlier rounds keep the scale they were taken on. Only as prescribed by a clinician.", .dim)], width: width)
        lines.append(StyledLine(""))
        if let failure = state.failure { lines += LineWrapping.wrap([Span(failure, .critical)], width: width) }
        let enter = state.isSetting ? "Enter sets the target" : "Enter clears the target"
        lines += LineWrapping.wrap([Span("\(enter) · Esc cancel (nothing saved)", .warning)], width: width)
        return ScrollContent(lines: lines)
    }
}
