import Foundation

/// A laboratory report: the panel ("CBC panel", "Basic metabolic panel") that groups the
/// results it references. The Results tab groups rows by it; results no report names are
/// grouped by their test's class.
public struct DiagnosticReport: Hashable, Sendable, Identifiable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case registered, partial, preliminary, final, amended, corrected, appended, cancelled, enteredInError, unknown
    }

    public var id: String
    public var patientID: String
    public var code: CodedConcept
    public var status: Status
    public var effective: Date?
    /// The Observation ids of the report's results, in the report's order.
    public var resultIDs: [String]
    /// The lab's free-text conclusion, shown with the panel.
    public var conclusion: String?

    public init(
        id: String, patientID: String, code: CodedConcept, status: Status, effective: Date? = nil,
        resultIDs: [String] = [], conclusion: String? = nil
    ) {
        self.id = id
        self.patientID = patientID
        self.code = code
        self.status = status
        self.effective = effective
        self.resultIDs = resultIDs
        self.conclusion = conclusion
    }
}
