import CoreDomain
import CoreUseCases

extension ChartingFormKind {
    public static let prnFollowUp = PRNFollowUpState.kind
}

/// The PRN follow-up as a charting form: opened by `e` on a PRN line of the MAR for its last
/// dose given, saved as `PRNFollowUpSave`.
extension PRNFollowUpState: ChartingForm {
    public static let descriptor = ChartingFormDescriptor(name: "prn-follow-up", help: KeyHelp.prnFollowUpHelp)

    public static func open(_ request: ChartingRequest, in context: ChartingOpening) -> ChartingOpened? {
        guard case let .recordEffect(line) = request else { return nil }
        guard let dose = line.administration else { return .refused(noDoseGiven) }
        // The confirm step names the loaded patient, never a guess.
        switch context.loadedSummary(key: "e") {
        case let .success(summary): return .form(PRNFollowUpState(patient: summary.banner.patient, order: line.request, dose: dose))
        case let .failure(refusal): return .refused(refusal.notice)
        }
    }

    /// Why `e` opened nothing on a PRN line no dose was given for.
    static let noDoseGiven = Notice.info("no dose given on this line to record the effect of")

    public var title: String { "PRN dose effect" }

    public func content(width: Int, context: ViewContext) -> ScrollContent { PRNFollowUpView.content(self, width: width, context: context) }

    public var awaitsConfirmation: Bool { step == .confirming }

    public var bindings: [KeyBinding] { KeyHelp.prnFollowUp(step) }

    public var isSaving: Bool { step == .saving }

    public func savedNotice(demo: Bool) -> String {
        "effect \(effect?.text ?? "") recorded, \(SavedNotice.delivery(demo: demo))"
    }
}

/// A PRN dose's effect: one Observation `partOf` the dose in the outbox, audited as charting.
public struct PRNFollowUpSave: ChartingWrite {
    public var entry: PRNEffectEntry
    public init(_ entry: PRNEffectEntry) { self.entry = entry }
    public var patientID: String { entry.patientID }
    public var audit: AuditAction { .charting }
    public var failureLog: StaticString { "prn-follow-up.failed" }
    public func write(to outbox: ChartingOutbox) async throws {
        guard let doses = outbox.doses else { throw DoseRecordingError.noOutbox }
        _ = try await doses.recordEffect(entry)
    }
}
