/// What NEWS2 says of one round: a score, why there is none, or that it does not apply.
public enum NEWS2Outcome: Sendable, Hashable {
    case scored(NEWS2Score)
    /// Not every parameter was taken together (`missing` empty: they were, but not within
    /// 30 minutes or not by one source; `reason` says which).
    case incomplete(missing: [NEWS2Parameter], reason: String)
    /// NEWS2 is not validated for this patient ("age 14", "pregnant").
    case notApplicable(String)

    /// One line a nurse reads: "NEWS2 7 HIGH", "NEWS2 incomplete: no RR, T", "NEWS2 not used: age 14".
    public var text: String { "NEWS2 " + words }

    /// The same without its name, under a "NEWS2" label: "7 HIGH", "incomplete: no RR, T".
    public var words: String {
        switch self {
        case let .scored(score): "\(score.total) \(score.risk.word)"
        case let .incomplete(_, reason): "incomplete: \(reason)"
        case let .notApplicable(reason): "not used: \(reason)"
        }
    }

    public var score: NEWS2Score? {
        if case let .scored(score) = self { score } else { nil }
    }
}
