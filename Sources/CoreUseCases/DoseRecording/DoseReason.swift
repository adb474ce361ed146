import Foundation

/// Why a dose was not given or held, as BCMA's short list: picked by letter, `other` with the
/// nurse's own words. `text` is what the record's `statusReason` says.
public enum DoseReason: String, CaseIterable, Sendable, Hashable {
    case patientRefused = "patient refused"
    case nilByMouth = "nil by mouth"
    case patientAway = "patient away"
    case vomited = "vomited"
    case drugUnavailable = "drug unavailable"
    case other = "other"

    /// The letter that picks it on the form.
    public var key: Character {
        switch self {
        case .patientRefused: "r"
        case .nilByMouth: "n"
        case .patientAway: "a"
        case .vomited: "v"
        case .drugUnavailable: "u"
        case .other: "o"
        }
    }

    /// The reason as recorded: the list's words, or for `other` the words typed (required).
    public func text(other typed: String) -> String? {
        guard self == .other else { return rawValue }
        let words = typed.trimmingCharacters(in: .whitespaces)
        return words.isEmpty ? nil : words
    }
}
