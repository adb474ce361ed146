import CoreDomain
import CoreUseCases

extension ChartingFormKind {
    public static let correction = CorrectionState.kind
}

/// Marking a round entered in error as a charting form: opened by the Vitals tab's `x` for
/// its chosen round, saved as `CorrectionSave`.
extension CorrectionState: ChartingForm {
    public static let descriptor = ChartingFormDescriptor(
        name: "correction", help: [("Entered in error", KeyHelp.correctionReason + KeyHelp.correctionConfirm)])

    /// Only the round's author may mark it, unless the ward lets others (`correct_others`).
    public static func open(_ request: ChartingRequest, in context: ChartingOpening) -> ChartingOpened? {
        guard request == .correctChosenRound, let vitals = context.chart[VitalsState.self], let series = vitals.history.value else { return nil }
        let rounds = VitalsRound.rounds(series)
        guard !rounds.isEmpty else { return .refused(StatusText.noVitalsToMark) }
        let round = rounds[min(max(0, vitals.selectedRound), rounds.count - 1)]
        guard !round.isEnteredInError else { return VitalsChartingError.nothingToCorrect.errorDescription.map { .refused(.info($0)) } }
        let isOwn = context.session.isOwn(round.performer)
        guard isOwn || context.session.mayCorrectOthers else { return .refused(StatusText.onlyItsAuthor(round.performer)) }
        return .form(CorrectionState(chart: context.chart, round: round, isOwn: isOwn))
    }

    public var title: String { "Mark entered in error" }

    public func content(width: Int, context: ViewContext) -> ScrollContent { CorrectionView.content(self, width: width, context: context) }

    public var awaitsConfirmation: Bool {
        if case .confirming = step { true } else { false }
    }

    public var bindings: [KeyBinding] {
        switch step {
        case .reason: KeyHelp.correctionReason
        case .confirming: KeyHelp.correctionConfirm
        case .saving: []
        }
    }

    public var isSaving: Bool {
        if case .saving = step { true } else { false }
    }

    public func savedNotice(demo: Bool) -> String {
        "marked \(SavedNotice.values(round.valueCount)) entered in error, \(SavedNotice.delivery(demo: demo, count: round.valueCount))"
    }
}

/// A charted round marked entered in error, with the reason: audited as a correction.
public struct CorrectionSave: ChartingWrite {
    public var patientID: String
    public var observationIDs: [String]
    public var reason: String
    public init(patientID: String, observationIDs: [String], reason: String) {
        self.patientID = patientID
        self.observationIDs = observationIDs
        self.reason = reason
    }
    public var audit: AuditAction { .correction }
    public var failureLog: StaticString { "correction.failed" }
    public func write(to outbox: ChartingOutbox) async throws {
        try await CorrectVitals(chart: outbox.chart, charting: outbox.vitals)(observationIDs: observationIDs, patientID: patientID, reason: reason)
    }
}
