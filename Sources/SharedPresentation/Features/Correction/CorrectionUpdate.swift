import CoreUseCases

/// Keys while marking a round entered in error: the reason typed, then the confirm step
/// (`FormFlow`). Every binding is listed in `KeyHelp.correctionReason` / `correctionConfirm`.
extension CorrectionState: Feature, FormFlow {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        flow(action, in: context)
    }

    func save(in context: ChartingContext) -> ChartingEffect? {
        CorrectionSave(patientID: patientID, observationIDs: round.observationIDs, reason: reason).effect
    }

    /// Esc at the confirm step: back to the reason, as typed.
    mutating func backFromConfirm() -> Bool {
        step = .reason
        return true
    }

    mutating func gather(_ key: InputKey, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        switch key {
        case .escape:
            return .tell(.say(nil), .close)
        case .enter:
            switch CorrectVitals.reason(reason) {
            case let .success(accepted):
                reason = accepted
                step = .confirming
                refusal = nil
            case let .failure(error):
                refusal = error.errorDescription
            }
        default:
            if key.edit(&reason, limit: CorrectVitals.maximumReasonLength) { refusal = nil }
        }
        return .none
    }
}
