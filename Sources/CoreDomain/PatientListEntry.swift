import Foundation

/// One row of the patient list: enough to show and search the census without opening charts.
public struct PatientListEntry: Hashable, Sendable, Identifiable {
    public var id: String { patient.id }
    public var patient: Patient
    public var location: BedLocation?
    public var hasSevereAllergy: Bool
    public var hasAbnormalVital: Bool
    /// The newest NEWS2 score, when a complete round was charted.
    public var earlyWarning: EarlyWarning?
    /// Cached but not on the last synced census (fetched from a server search, or left the
    /// census and kept until purged): the list and the chart banner must say the patient is
    /// not one of this census's, since the row and chart otherwise look like a census patient's.
    /// Derived when the list is read, never stored with the row.
    public var isOffCensus: Bool
    /// Another patient on the census has a name that looks like this one's (see
    /// `LookAlikeNameRule`): the list marks both rows and both banners carry a name alert.
    /// Derived when the list is read, never stored with the row.
    public var hasLookAlike = false
    /// When the newest laboratory result of this patient reached the cache (see
    /// `Observation.received`); stored with the row.
    public var newestResultArrival: Date?
    /// A result arrived after the user at this workstation last opened this patient's Results
    /// tab (or they never have): the list marks the row until they do. Derived when the list is
    /// read, for whoever reads it, never stored with the row.
    public var hasNewResults = false
    /// The MAR's doses not yet recorded, worked out when the row was stored (nil in a row stored
    /// before rows kept them): the list's dose due/late mark (`PatientRowTasks`).
    public var openDoses: OpenDoses?
    /// When the newest laboratory result judged critical was collected (nil when none is, or
    /// in a row stored before rows kept it): the list marks the row while it is as recent as
    /// the Summary's critical results; stored with the row.
    public var newestCriticalResult: Date?

    public init(
        patient: Patient, location: BedLocation? = nil, hasSevereAllergy: Bool = false, hasAbnormalVital: Bool = false,
        isOffCensus: Bool = false, earlyWarning: EarlyWarning? = nil
    ) {
        self.patient = patient
        self.location = location
        self.hasSevereAllergy = hasSevereAllergy
        self.hasAbnormalVital = hasAbnormalVital
        self.isOffCensus = isOffCensus
        self.earlyWarning = earlyWarning
    }
}
