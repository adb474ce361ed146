import CoreDomain

/// What the banner says about allergies. "Not recorded" and "no known allergies" are different
/// facts: the first means nobody asked, the second that somebody asked and was told none.
///
/// Refuted and entered-in-error entries are ignored as if absent. Inactive and resolved entries
/// are not listed as allergies. An entry without a clinical status counts as active, since
/// hiding a real allergy is worse than showing an old one. An active substance allergy wins
/// over a contradicting "no known allergy" entry.
public enum AllergyStatus: Hashable, Sendable {
    /// An explicit "no known allergy" entry and no active substance allergy.
    case noKnownAllergies
    /// No (valid) entries at all.
    case notRecorded
    /// Entries exist but all are inactive or resolved, and none states "no known allergy".
    case noActiveAllergies
    /// Active allergies and intolerances: severe ones first, then by substance name.
    case allergies([AllergyIntolerance])

    public init(entries: [AllergyIntolerance]) {
        let valid = entries.filter { $0.verificationStatus != .refuted && $0.verificationStatus != .enteredInError }
        let active = valid
            .filter { !$0.isNoKnownAllergy && ($0.clinicalStatus ?? .active) == .active }
            .sorted(by: Self.listOrder)
        if !active.isEmpty {
            self = .allergies(active)
        } else if valid.contains(where: { $0.isNoKnownAllergy && ($0.clinicalStatus ?? .active) == .active }) {
            self = .noKnownAllergies
        } else {
            self = valid.isEmpty ? .notRecorded : .noActiveAllergies
        }
    }

    /// The active allergies (empty for every other status).
    public var active: [AllergyIntolerance] {
        if case .allergies(let list) = self { return list }
        return []
    }

    /// True when any active allergy is severe, for the list's allergy marker.
    public var hasSevere: Bool { active.contains(where: \.isSevere) }

    private static func listOrder(_ a: AllergyIntolerance, _ b: AllergyIntolerance) -> Bool {
        if a.isSevere != b.isSevere { return a.isSevere }
        let nameA = a.substance.displayName.lowercased(), nameB = b.substance.displayName.lowercased()
        return nameA != nameB ? nameA < nameB : a.id < b.id
    }
}

extension AllergyIntolerance {
    /// Severe: high criticality, or any reaction recorded as severe.
    public var isSevere: Bool {
        criticality == .high || reactions.contains { $0.severity == .severe }
    }
}
