/// What a nurse does to a continuous infusion, each recorded as one MedicationAdministration
/// with the wristband check: start it, change its rate, pause it, resume it, stop it.
public enum InfusionAction: String, Hashable, Sendable, CaseIterable {
    case start, rateChange = "rate change", pause, resume, stop

    /// The record's status: running (`in-progress`) after a start, a rate change or a
    /// resume; `on-hold` while paused; `completed` once stopped.
    public var status: MedicationAdministration.Status {
        switch self {
        case .start, .rateChange, .resume: .inProgress
        case .pause: .onHold
        case .stop: .completed
        }
    }

    /// The infusion runs at a rate after it, which the record carries (`dosage.rate`).
    public var setsRate: Bool { status == .inProgress }

    /// How the audit trail names it.
    public var auditKind: DoseAuditKind {
        switch self {
        case .start: .infusionStarted
        case .rateChange: .rateChanged
        case .pause: .infusionPaused
        case .resume: .infusionResumed
        case .stop: .infusionStopped
        }
    }
}
