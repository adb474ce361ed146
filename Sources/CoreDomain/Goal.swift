import Foundation

/// A goal of care (FHIR Goal): "Maintain blood pressure below 140/90 mm[Hg]".
public struct Goal: Hashable, Sendable, Identifiable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case proposed, planned, accepted, active, onHold, completed, cancelled, enteredInError, rejected
    }

    public var id: String
    public var patientID: String
    public var status: Status
    public var description: CodedConcept

    public init(id: String, patientID: String, status: Status, description: CodedConcept) {
        self.id = id
        self.patientID = patientID
        self.status = status
        self.description = description
    }
}
