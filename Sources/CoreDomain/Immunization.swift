import Foundation

/// A vaccine given, or recorded as not given (FHIR Immunization).
public struct Immunization: Hashable, Sendable, Identifiable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case completed, enteredInError, notDone
    }

    public var id: String
    public var patientID: String
    public var encounterID: String?
    public var vaccine: CodedConcept
    public var status: Status
    /// When it was given (`occurrenceDateTime`).
    public var occurrence: Date?

    public init(
        id: String, patientID: String, encounterID: String? = nil, vaccine: CodedConcept, status: Status, occurrence: Date? = nil
    ) {
        self.id = id
        self.patientID = patientID
        self.encounterID = encounterID
        self.vaccine = vaccine
        self.status = status
        self.occurrence = occurrence
    }
}
