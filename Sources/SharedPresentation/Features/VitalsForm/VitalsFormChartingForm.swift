import CoreDomain
import CoreUseCases

extension ChartingFormKind {
    public static let vitals = VitalsFormState.kind
}

/// The vitals form as a charting form: opened by `a` where the chart shown has it (Summary and
/// Vitals tabs, or the list beside the chart), saved as `RecordVitalsSave`.
extension VitalsFormState: ChartingForm {
    public static let descriptor = ChartingFormDescriptor(
        name: "vitals",
        help: [("Vitals entry", [KeyHelp.formHelp] + KeyHelp.vitalsForm), ("Vitals check before saving", KeyHelp.vitalsConfirm)])

    public static func open(_ request: ChartingRequest, in context: ChartingOpening) -> ChartingOpened? {
        // Only where the tab shown has `a` (Summary, Vitals).
        guard request == .addVitals, context.chart.tabBindings(isFocused: false).contains(KeyHelp.addVitals) else { return nil }
        switch context.loadedSummary(key: "a") {
        case .success: return .form(VitalsFormState(chart: context.chart))
        case let .failure(refusal): return .refused(refusal.notice)
        }
    }

    public var title: String {
        if case .editing = step { "Add vitals" } else { "Check and save vitals" }
    }

    public func content(width: Int, context: ViewContext) -> ScrollContent {
        switch (step, review) {
        case let (.confirming, review?), let (.saving, review?):
            VitalsFormView.confirm(review, failure: failure, width: width, context: context)
        default: VitalsFormView.form(self, width: width, context: context)
        }
    }

    public var awaitsConfirmation: Bool {
        if case .confirming = step { true } else { false }
    }

    public var bindings: [KeyBinding] {
        switch step {
        case .editing:
            [KeyHelp.formHelp] + KeyHelp.vitalsForm.filter { binding in
                switch focus {
                case .oxygen: binding != KeyHelp.typeValue && binding != KeyHelp.clearField && binding != KeyHelp.deviceChoice
                case .oxygenDevice: binding != KeyHelp.typeValue && binding != KeyHelp.clearField && binding != KeyHelp.oxygenChoice
                default: binding != KeyHelp.oxygenChoice && binding != KeyHelp.deviceChoice
                }
            }
        case .confirming: KeyHelp.vitalsConfirm
        case .saving: []
        }
    }

    public var isSaving: Bool {
        if case .saving = step { true } else { false }
    }

    public func savedNotice(demo: Bool) -> String {
        let count = review.map { $0.readings.count + ($0.entry.consciousness == nil ? 0 : 1) } ?? 0
        return "saved \(SavedNotice.values(count)), \(SavedNotice.delivery(demo: demo, count: count))"
    }
}

/// A vitals entry, stored as one Observation per value and audited as charting.
public struct RecordVitalsSave: ChartingWrite {
    public var entry: VitalsEntry
    public init(_ entry: VitalsEntry) { self.entry = entry }
    public var patientID: String { entry.patientID }
    public var audit: AuditAction { .charting }
    public func write(to outbox: ChartingOutbox) async throws {
        _ = try await RecordVitals(chart: outbox.chart, charting: outbox.vitals)(entry)
    }
}
