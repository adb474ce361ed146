import Foundation

/// How well an as-needed (PRN) dose worked, recorded by the nurse at its follow-up: the three
/// answers a ward uses, each with its letter on the form and its code in `PRNEffectCode.system`.
public enum PRNEffect: String, Sendable, Hashable, CaseIterable {
    case effective
    case partlyEffective = "partly-effective"
    case notEffective = "not-effective"

    /// The words on the MAR and the form (`effect: partly effective`).
    public var text: String {
        switch self {
        case .effective: "effective"
        case .partlyEffective: "partly effective"
        case .notEffective: "not effective"
        }
    }

    /// The answer whose code is `code`, as read back from a record.
    public init?(code: String) { self.init(rawValue: code) }
}
