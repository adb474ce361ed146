import CoreDomain

/// An encounter with its references resolved to what a person reads: where and with whom.
/// Length of stay is a matter of "now" and is formatted from `encounter.period` by the
/// presentation layer.
public struct EncounterItem: Hashable, Sendable, Identifiable {
    public var id: String { encounter.id }
    public var encounter: Encounter
    public var location: BedLocation?
    public var practitioner: Practitioner?
    /// What was recorded in it: filled by `LoadEncounters` for the encounter's details, empty
    /// where only the encounter's line is shown (the Summary's recent encounters).
    public var records: EncounterRecords

    public init(encounter: Encounter, location: BedLocation? = nil, practitioner: Practitioner? = nil, records: EncounterRecords = EncounterRecords()) {
        self.encounter = encounter
        self.location = location
        self.practitioner = practitioner
        self.records = records
    }

    /// True while the encounter has not ended.
    public var isOpen: Bool { encounter.period.end == nil }
}
