import CoreDomain
import CoreUseCases

extension ChartingFormKind {
    public static let noteCorrection = NoteCorrectionState.kind
}

/// Withdrawing a note as a charting form: opened by `x` in the chart's notes, for the user's
/// own notes only (written under their name, here or at any workstation), saved as
/// `NoteCorrectionSave`.
extension NoteCorrectionState: ChartingForm {
    public static let descriptor = ChartingFormDescriptor(name: "note-correction", help: KeyHelp.noteCorrectionHelp)

    public static func open(_ request: ChartingRequest, in context: ChartingOpening) -> ChartingOpened? {
        guard request == .correctNote, let notes = context.chart[EncountersState.self]?.list.value?.notes else { return nil }
        let own = notes.filter { $0.note.status != .enteredInError && context.session.isOwn($0.note.authorName) }
        guard !own.isEmpty else { return .refused(noOwnNote) }
        switch context.loadedSummary(key: "x") {
        case let .success(summary): return .form(NoteCorrectionState(patient: summary.banner.patient, notes: own))
        case let .failure(refusal): return .refused(refusal.notice)
        }
    }

    /// Why `x` opened nothing: a user withdraws only their own notes.
    static let noOwnNote = Notice.info("no note of yours in this chart to mark entered in error")

    public var title: String { "Note entered in error" }

    public func content(width: Int, context: ViewContext) -> ScrollContent { NoteCorrectionView.content(self, width: width, context: context) }

    public var awaitsConfirmation: Bool { step == .confirming }

    public var bindings: [KeyBinding] { KeyHelp.noteCorrection(step) }

    public var isSaving: Bool { step == .saving }

    public func savedNotice(demo: Bool) -> String { "note marked entered in error, \(SavedNotice.delivery(demo: demo))" }
}

/// A note withdrawn: its entered-in-error version in the outbox, audited as a correction.
public struct NoteCorrectionSave: ChartingWrite {
    public var patientID: String
    public var noteID: String
    public var reason: String
    public init(patientID: String, noteID: String, reason: String) {
        self.patientID = patientID
        self.noteID = noteID
        self.reason = reason
    }
    public var audit: AuditAction { .correction }
    public var failureLog: StaticString { "note-correction.failed" }
    public func write(to outbox: ChartingOutbox) async throws {
        guard let notes = outbox.notes else { throw NoteChartingError.noOutbox }
        try await notes.markEnteredInError(noteID: noteID, patientID: patientID, reason: reason)
    }
}
