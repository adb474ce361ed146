import CoreDomain

/// Keys while withdrawing a note (`FormFlow`): the choice, the reason, the check. Every binding
/// is listed in `KeyHelp.noteCorrection(_:)` for its step; Esc goes back a step, and leaves
/// from the choice. Nothing is stored before Enter at the check.
extension NoteCorrectionState: Feature, FormFlow {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        flow(action, in: context)
    }

    func save(in context: ChartingContext) -> ChartingEffect? {
        NoteCorrectionSave(patientID: patient.id, noteID: note.id, reason: reason).effect
    }

    mutating func backFromConfirm() -> Bool {
        step = .reason
        return true
    }

    mutating func gather(_ key: InputKey, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        switch (step, key) {
        case (.choose, .escape):
            return .tell(.say(nil), .close)
        case (.choose, .up):
            chosen = max(0, chosen - 1)
        case (.choose, .down):
            chosen = min(notes.count - 1, chosen + 1)
        case (.choose, .enter):
            step = .reason
        case (.reason, .escape):
            refusal = nil
            step = .choose
        case (.reason, .enter):
            let words = reason.trimmingCharacters(in: .whitespaces)
            guard !words.isEmpty else {
                refusal = "a reason is needed to mark the note entered in error"
                return .none
            }
            reason = words
            refusal = nil
            step = .confirming
        case (.reason, _):
            if key.edit(&reason, limit: Self.maximumReasonLength) { refusal = nil }
        default:
            break
        }
        return .none
    }
}
