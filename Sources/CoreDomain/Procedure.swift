import Foundation

/// A procedure done to the patient (FHIR Procedure): an operation, a test, a counselling session.
public struct Procedure: Hashable, Sendable, Identifiable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case preparation, inProgress, notDone, onHold, stopped, completed, enteredInError, unknown
    }

    public var id: String
    public var patientID: String
    public var encounterID: String?
    public var code: CodedConcept
    public var status: Status
    /// When it was done (`performedDateTime`, or `performedPeriod.start`).
    public var performed: Date?

    public init(
        id: String, patientID: String, encounterID: String? = nil, code: CodedConcept, status: Status, performed: Date? = nil
    ) {
        self.id = id
        self.patientID = patientID
        self.encounterID = encounterID
        self.code = code
        self.status = status
        self.performed = performed
    }
}
