import Foundation

public struct Encounter: Hashable, Sendable, Identifiable {
    public enum Class: String, Sendable, Hashable, CaseIterable {
        case inpatient, outpatient, emergency, homeHealth, virtual, unknown
    }

    public enum Status: String, Sendable, Hashable, CaseIterable {
        case planned, arrived, triaged, inProgress, onLeave, finished, cancelled, enteredInError, unknown
    }

    public var id: String
    public var patientID: String
    public var encounterClass: Class
    public var status: Status
    public var period: Period
    /// Location references, most specific (bed) first when the source says so.
    public var locationIDs: [String]
    public var type: CodedConcept?
    public var reason: CodedConcept?
    public var practitionerID: String?

    public init(
        id: String, patientID: String, encounterClass: Class = .unknown, status: Status = .unknown,
        period: Period = Period(), locationIDs: [String] = [], type: CodedConcept? = nil,
        reason: CodedConcept? = nil, practitionerID: String? = nil
    ) {
        self.id = id
        self.patientID = patientID
        self.encounterClass = encounterClass
        self.status = status
        self.period = period
        self.locationIDs = locationIDs
        self.type = type
        self.reason = reason
        self.practitionerID = practitionerID
    }
}
