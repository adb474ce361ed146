import CoreDomain

/// Marks a charted set entered in error, with the reason a nurse gives. Nothing is deleted:
/// the observations get a new version with status entered-in-error, queued like an entry.
/// A NEWS2 score worked out from any of them (`derivedFrom`) is marked with them: a score of
/// withdrawn values must not stand.
public struct CorrectVitals: Sendable {
    /// Long enough for "wrong patient, charted on bed 12 by mistake"; a reason is one line.
    public static let maximumReasonLength = 200
    private let chart: any ChartRepository
    private let charting: any VitalsCharting

    public init(chart: any ChartRepository, charting: any VitalsCharting) {
        self.chart = chart
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
        let reason = try Self.reason(reason).get()
        let marked = Set(observationIDs)
        let scores = try await chart.observations(patientID: patientID, category: nil).filter { observation in
            observation.code.contains(code: EarlyWarning.scoreCode, system: CodeSystem.snomed) && observation.status != .enteredInError
                && !marked.contains(observation.id) && !marked.isDisjoint(with: observation.derivedFromIDs)
        }
        try await charting.markEnteredInError(observationIDs: observationIDs + scores.map(\.id), patientID: patientID, reason: reason)
    }
}
