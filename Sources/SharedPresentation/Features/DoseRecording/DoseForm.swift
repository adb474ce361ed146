import CoreDomain
import CoreUseCases

extension ChartingFormKind {
    public static let dose = DoseFormState.kind
}

/// Recording a dose (or marking one entered in error) as a charting form: opened by the MAR's
/// `r` and `x` for its chosen dose, saved as `DoseSave`.
extension DoseFormState: ChartingForm {
    public static let descriptor = ChartingFormDescriptor(name: "dose", help: KeyHelp.doseFormHelp)

    public static func open(_ request: ChartingRequest, in context: ChartingOpening) -> ChartingOpened? {
        let chart = context.chart
        guard let list = chart[MedicationsState.self]?.list.value, let record = list.record else { return nil }
        switch request {
        case let .recordDose(dose):
            // The wristband must match the chart's MRN, read from the loaded summary (never a
            // guess), unless the ward turned the check off.
            switch context.loadedSummary(key: "r") {
            case let .success(summary):
                let patient = summary.banner.patient
                return .form(DoseFormState(
                    patient: patient, dose: dose, record: record, allergen: list.allergyConflicts[dose.request.id],
                    chartMRN: patient.identifierLabel == nil ? patient.mrn : nil, wristbandCheck: context.session.wristbandCheck,
                    checks: list.preDoseChecks[dose.request.id] ?? []))
            case let .failure(refusal):
                return .refused(refusal.notice)
            }
        case let .correctDose(dose):
            // The same rule as vital signs for another person's record (`correct_others`).
            guard let administration = dose.administration else { return .refused(StatusText.noDoseToMark) }
            guard context.session.isOwn(administration.performer) || context.session.mayCorrectOthers else {
                return .refused(StatusText.onlyItsAuthor(administration.performer))
            }
            let patient = chart.summary.value?.banner.patient ?? chart.listEntry.patient
            return .form(DoseFormState(patient: patient, dose: dose, record: record, correcting: administration))
        default:
            return nil
        }
    }

    public var title: String { "Record a dose" }

    public func content(width: Int, context: ViewContext) -> ScrollContent { DoseFormView.content(self, width: width, context: context) }

    public var awaitsConfirmation: Bool { step == .confirming }

    public var bindings: [KeyBinding] { KeyHelp.doseForm(self) }

    public var isSaving: Bool { step == .saving }

    public func savedNotice(demo: Bool) -> String { "\(savedWhat), \(SavedNotice.delivery(demo: demo))" }
}

/// A dose recorded on the MAR (given, not given, held: audited as its administration, with
/// each warning passed; `check` the second-dose guard asked again against the cache as it is
/// when stored), or one recorded earlier marked entered in error (a correction).
public enum DoseSave: ChartingWrite {
    case record(DoseRecord, overrides: [DoseOverrideKind], check: DoubleDoseCheck? = nil)
    case correct(patientID: String, administrationID: String, reason: String)

    public var patientID: String {
        switch self {
        case let .record(dose, _, _): dose.patientID
        case let .correct(patientID, _, _): patientID
        }
    }

    public var audit: AuditAction {
        switch self {
        case let .record(dose, _, _): .administration(kind: dose.auditKind)
        case .correct: .correction
        }
    }

    public var alsoAudited: [AuditAction] {
        if case let .record(_, overrides, _) = self { overrides.map { .override(kind: $0) } } else { [] }
    }

    public var failureLog: StaticString {
        if case .record = self { "dose.failed" } else { "dose.correction.failed" }
    }

    public func write(to outbox: ChartingOutbox) async throws {
        guard let doses = outbox.doses else { throw DoseRecordingError.noOutbox }
        switch self {
        case let .record(dose, _, check): _ = try await RecordDose(chart: outbox.chart, charting: doses)(dose, check: check)
        case let .correct(patientID, administrationID, reason):
            try await doses.markEnteredInError(administrationID: administrationID, patientID: patientID, reason: reason)
        }
    }

    /// A dose the cache shows given meanwhile is not stored: the form asks for a second dose again.
    public func question(for error: any Error) -> ChartingQuestion? {
        guard case let DoseRecordingError.givenMeanwhile(earlier) = error else { return nil }
        return ChartingQuestion(earlier)
    }
}
