import CoreDomain
import CoreUseCases

extension ChartingFormKind {
    public static let nursingNote = NursingNoteState.kind
}

/// The nurse's note as a charting form: opened by `n` on any tab of a loaded chart, in the
/// current stay when the patient is admitted, saved as `NursingNoteSave`.
extension NursingNoteState: ChartingForm {
    /// `n` is listed on `?` (Chart) and not on the footer: at 80x24 the footer of the MAR and of
    /// the Encounters list has no room left, and every key there must stay on it (`L lock`).
    public static let descriptor = ChartingFormDescriptor(
        name: "nursing-note", opensWith: KeyBinding([.character("n")], "n", "write a nurse's note"), help: KeyHelp.nursingNoteHelp)

    public static func open(_ request: ChartingRequest, in context: ChartingOpening) -> ChartingOpened? {
        guard isOpeningKey(request) else { return nil }
        // The check names the loaded patient, never a guess, and the stay is the loaded one.
        switch context.loadedSummary(key: "n") {
        case let .success(summary):
            return .form(NursingNoteState(patient: summary.banner.patient, stay: summary.banner.currentEncounter?.encounter))
        case let .failure(refusal): return .refused(refusal.notice)
        }
    }

    public var title: String { step == .writing ? "Nurse's note" : "Check and save nurse's note" }

    public func content(width: Int, context: ViewContext) -> ScrollContent { NursingNoteView.content(self, width: width, context: context) }

    public var awaitsConfirmation: Bool { step == .confirming }

    public var bindings: [KeyBinding] { KeyHelp.nursingNote(step) }

    public var isSaving: Bool { step == .saving }

    public func savedNotice(demo: Bool) -> String { "nurse's note saved, \(SavedNotice.delivery(demo: demo))" }
}

/// A nurse's note: one DocumentReference in the outbox, audited as charting.
public struct NursingNoteSave: ChartingWrite {
    public var note: NursingNoteEntry
    public init(_ note: NursingNoteEntry) { self.note = note }
    public var patientID: String { note.patientID }
    public var audit: AuditAction { .charting }
    public var failureLog: StaticString { "nursing-note.failed" }
    public func write(to outbox: ChartingOutbox) async throws {
        guard let notes = outbox.notes else { throw NoteChartingError.noOutbox }
        _ = try await notes.record(note)
    }
}
