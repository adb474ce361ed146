/// Marking one charted round entered in error: first the reason is typed, then the round's
/// values and the reason are shown for a confirm, then the outbox stores the correction.
public struct CorrectionState: Equatable, Sendable {
    public enum Step: FormStep, Sendable {
        case reason
        /// `reason` is as it will be stored (trimmed, checked).
        case confirming
        case saving
    }

    /// Whom the round was charted for (the screen keeps the chart, for the banner).
    public var patientID: String
    public var round: VitalsRound
    public var reason = ""
    public var step: Step = .reason
    /// Why the typed reason was not accepted.
    public var refusal: String?
    /// Why the last save failed, shown whole at the confirm step.
    public var failure: String?
    /// The round is this user's own charting; otherwise the screens say whose it is.
    public var isOwn: Bool

    public init(chart: ChartState, round: VitalsRound, isOwn: Bool = true) {
        patientID = chart.patientID
        self.round = round
        self.isOwn = isOwn
    }
}
