import CoreDomain
import CoreUseCases

extension ChartingFormKind {
    public static let spo2Target = SpO2TargetState.kind
}

/// The SpO2 target's confirm as a charting form: opened by `o` on any tab once the summary
/// says whether a target is in force, saved as `SpO2TargetSave`.
extension SpO2TargetState: ChartingForm {
    public static let descriptor = ChartingFormDescriptor(
        name: "spo2-target",
        opensWith: KeyBinding([.character("o")], "o", "set or clear SpO2 target 88–92% (NEWS2 Scale 2)", footer: "o SpO2 target"),
        help: [("SpO2 target check before saving", KeyHelp.spo2TargetConfirm)])

    public static func open(_ request: ChartingRequest, in context: ChartingOpening) -> ChartingOpened? {
        guard isOpeningKey(request) else { return nil }
        switch context.loadedSummary(key: "o") {
        case let .success(summary): return .form(SpO2TargetState(chart: context.chart, isSetting: !summary.isSpO2TargetSet))
        case let .failure(refusal): return .refused(refusal.notice)
        }
    }

    public var title: String { "SpO2 target (NEWS2 Scale 2)" }

    public func content(width: Int, context: ViewContext) -> ScrollContent { SpO2TargetView.content(self, width: width, context: context) }

    public var awaitsConfirmation: Bool { step == .confirming }

    public var bindings: [KeyBinding] { step == .confirming ? KeyHelp.spo2TargetConfirm : [] }

    public var isSaving: Bool { step == .saving }

    public func savedNotice(demo: Bool) -> String {
        "\(SpO2TargetEntry.text) \(isSetting ? "set" : "cleared"), \(SavedNotice.delivery(demo: demo))"
    }
}

/// A patient's SpO2 target set or cleared: a new record in the outbox, audited as charting.
public struct SpO2TargetSave: ChartingWrite {
    public var target: SpO2TargetEntry
    public init(_ target: SpO2TargetEntry) { self.target = target }
    public var patientID: String { target.patientID }
    public var audit: AuditAction { .charting }
    public var failureLog: StaticString { "spo2-target.failed" }
    public func write(to outbox: ChartingOutbox) async throws {
        _ = try await RecordVitals(chart: outbox.chart, charting: outbox.vitals)(target)
    }
}
