import CoreDomain
import CoreUseCases

extension ChartingFormKind {
    public static let infusion = InfusionFormState.kind
}

/// Recording an infusion's action as a charting form: opened by the MAR's `r` on an
/// infusion, saved as a `DoseSave` (one MedicationAdministration, audited as the action).
extension InfusionFormState: ChartingForm {
    public static let descriptor = ChartingFormDescriptor(name: "infusion", help: KeyHelp.infusionFormHelp)

    public static func open(_ request: ChartingRequest, in context: ChartingOpening) -> ChartingOpened? {
        guard case let .recordInfusion(infusion) = request, let list = context.chart[MedicationsState.self]?.list.value else { return nil }
        // The wristband must match the chart's MRN, read from the loaded summary (never a guess).
        switch context.loadedSummary(key: "r") {
        case let .success(summary):
            let patient = summary.banner.patient
            return .form(InfusionFormState(
                patient: patient, infusion: infusion, allergen: list.allergyConflicts[infusion.request.id],
                chartMRN: patient.identifierLabel == nil ? patient.mrn : nil, wristbandCheck: context.session.wristbandCheck))
        case let .failure(refusal):
            return .refused(refusal.notice)
        }
    }

    public var title: String { "Infusion" }

    public func content(width: Int, context: ViewContext) -> ScrollContent { InfusionFormView.content(self, width: width, context: context) }

    public var awaitsConfirmation: Bool { step == .confirming }

    public var bindings: [KeyBinding] { KeyHelp.infusionForm(self) }

    public var isSaving: Bool { step == .saving }

    public func savedNotice(demo: Bool) -> String { "\(savedWhat), \(SavedNotice.delivery(demo: demo))" }
}
