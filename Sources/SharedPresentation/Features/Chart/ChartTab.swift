/// The chart tabs, in the order the tab bar and the number keys use.
public enum ChartTab: Int, CaseIterable, Hashable, Sendable {
    case summary, encounters, vitals, medications, results

    public var title: String {
        switch self {
        case .summary: "Summary"
        case .encounters: "Encounters"
        case .vitals: "Vitals"
        case .medications: "Meds"
        case .results: "Results"
        }
    }

    /// The title where the tab bar is too narrow for them all.
    public var shortTitle: String {
        switch self {
        case .summary: "Sum"
        case .encounters: "Enc"
        case .vitals: "Vit"
        case .medications: "Meds"
        case .results: "Res"
        }
    }

    /// The tab's stable name in the audit trail (titles may be reworded; these may not).
    var auditName: String {
        switch self {
        case .summary: "summary"
        case .encounters: "encounters"
        case .vitals: "vitals"
        case .medications: "medications"
        case .results: "results"
        }
    }
}
