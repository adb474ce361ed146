import CoreDomain

/// A patient's medication orders, split as `ActiveMedicationRule` says.
public struct MedicationList: Hashable, Sendable {
    /// Active and on-hold orders, by medication name.
    public var active: [MedicationRequest]
    /// Stopped, completed and cancelled orders, most recently authored first.
    public var stopped: [MedicationRequest]
    /// Drafts and orders of unknown status, most recently authored first.
    public var other: [MedicationRequest]
    /// Active orders the patient is allergic to, by order id: the allergy's substance (see
    /// `AllergyConflictRule`).
    public var allergyConflicts: [String: String] = [:]
    /// The MAR: the active orders' doses of the last 24 hours and the rest of today; nil where
    /// no schedule was asked for.
    public var record: MedicationAdministrationRecord?
    /// Each checked active order's pre-administration checks (`PreDoseCheckRule`), by order id,
    /// as the chart stood when the list was read: the MAR shows them under its doses, the dose
    /// form before a dose.
    public var preDoseChecks: [String: [PreDoseCheckResult]] = [:]

    public init(active: [MedicationRequest] = [], stopped: [MedicationRequest] = [], other: [MedicationRequest] = []) {
        self.active = active
        self.stopped = stopped
        self.other = other
    }

    /// Sorts and splits `requests`; entered-in-error orders are dropped.
    public init(requests: [MedicationRequest]) {
        var sections: [ActiveMedicationRule.Section: [MedicationRequest]] = [:]
        for request in requests {
            if let section = ActiveMedicationRule.section(of: request) { sections[section, default: []].append(request) }
        }
        self.init(
            active: (sections[.active] ?? []).sorted(by: Self.byName),
            stopped: (sections[.stopped] ?? []).sorted(by: Self.newestFirst),
            other: (sections[.other] ?? []).sorted(by: Self.newestFirst))
    }

    private static func byName(_ a: MedicationRequest, _ b: MedicationRequest) -> Bool {
        let nameA = a.medication.displayName.lowercased(), nameB = b.medication.displayName.lowercased()
        return nameA != nameB ? nameA < nameB : a.id < b.id
    }

    private static func newestFirst(_ a: MedicationRequest, _ b: MedicationRequest) -> Bool {
        switch (a.authoredOn, b.authoredOn) {
        case let (x?, y?) where x != y: x > y
        case (nil, _?): false
        case (_?, nil): true
        default: byName(a, b)
        }
    }
}
