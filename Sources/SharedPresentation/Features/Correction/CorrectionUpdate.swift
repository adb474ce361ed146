import CoreUseCases

/// Keys while marking a round entered in error, and the outbox's refusal. Every binding is
/// listed in `KeyHelp.correctionReason` / `correctionConfirm`.
extension CorrectionState: Feature {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate> {
        switch action {
        case let .key(key):
            return handle(key, context)
        case let .saveFailed(message):
            guard case let .saving(reason) = step else { return .none }
            step = .confirming(reason)
            failure = "not saved: \(message)"
            return .tell(.say(StatusText.notSaved(message)))
        case .saveQuestioned:
            // Its save asks nothing again.
            return .none
        }
    }

    private mutating func handle(_ key: InputKey, _ context: ChartingContext) -> FeatureStep<ChartingDelegate> {
        switch step {
        case .saving:
            return .none
        case let .confirming(reason):
            switch key {
            case .enter:
                step = .saving(reason)
                failure = nil
                let mark = CorrectionSave(patientID: patientID, observationIDs: round.observationIDs, reason: reason)
                return FeatureStep(effects: [mark.effect], delegates: [.say(StatusText.saving)])
            case .escape:
                step = .reason
                failure = nil
                return .tell(.say(nil))
            default:
                return .none
            }
        case .reason:
            switch key {
            case .escape:
                return .tell(.say(nil), .close)
            case .enter:
                switch CorrectVitals.reason(reason) {
                case let .success(accepted):
                    step = .confirming(accepted)
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
}
