/// The chart tabs, in the order the tab bar and the `1`-`4` keys use.
public enum ChartTab: Int, CaseIterable, Hashable, Sendable {
    case summary, encounters, vitals, medications

    public var title: String {
        switch self {
        case .summary: "Summary"
        case .encounters: "Encounters"
        case .vitals: "Vitals"
        case .medications: "Meds"
        }
    }

    /// The tab's stable name in the audit trail (titles may be reworded; these may not).
    var auditName: String {
        switch self {
        case .summary: "summary"
        case .encounters: "encounters"
        case .vitals: "vitals"
        case .medications: "medications"
        }
    }
}
