import CoreDomain

/// Marks a charted set entered in error, with the reason a nurse gives. Nothing is deleted:
/// the observations get a new version with status entered-in-error, queued like an entry.
public struct CorrectVitals: Sendable {
    /// Long enough for "wrong patient, charted on bed 12 by mistake"; a reason is one line.
    public static let maximumReasonLength = 200
    private let charting: any VitalsCharting

    public init(charting: any VitalsCharting) {
        self.charting = charting
    }

    /// The reason as it will be stored (trimmed), or why it cannot be.
    public static func reason(_ text: String) -> Result<String, VitalsChartingError> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .failure(.reasonMissing) }
        if trimmed.count > maximumReasonLength { return .failure(.reasonTooLong(maximum: maximumReasonLength)) }
        return .success(trimmed)
    }

    public func callAsFunction(observationIDs: [String], patientID: String, reason: String) async throws {
        guard !observationIDs.isEmpty else { throw VitalsChartingError.nothingToCorrect }
        try await charting.markEnteredInError(observationIDs: observationIDs, patientID: patientID, reason: try Self.reason(reason).get())
    }
}
