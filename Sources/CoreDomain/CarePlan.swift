import Foundation

/// A plan of care (FHIR CarePlan): what it is for and the activities it holds.
public struct CarePlan: Hashable, Sendable, Identifiable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case draft, active, onHold, revoked, completed, enteredInError, unknown
    }

    public var id: String
    public var patientID: String
    public var status: Status
    /// The plan's name: its title, else its categories (Synthea: "Respiratory therapy").
    public var title: String?
    public var categories: [CodedConcept]
    /// What is to be done (`activity[].detail.code`).
    public var activities: [CodedConcept]
    public var start: Date?

    public init(
        id: String, patientID: String, status: Status, title: String? = nil, categories: [CodedConcept] = [],
        activities: [CodedConcept] = [], start: Date? = nil
    ) {
        self.id = id
        self.patientID = patientID
        self.status = status
        self.title = title
        self.categories = categories
        self.activities = activities
        self.start = start
    }
}
