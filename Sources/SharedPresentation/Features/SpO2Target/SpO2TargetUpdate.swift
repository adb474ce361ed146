import CoreDomain

/// Keys at the SpO2 target's confirm step, and the outbox's refusal. Every binding is listed
/// in `KeyHelp.spo2TargetConfirm`.
extension SpO2TargetState: Feature {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate> {
        switch action {
        case .saveFailed(let message):
            return saveRefused(message)
        case .saveQuestioned:
            // Its save asks nothing again.
            return .none
        case .key(let key):
            guard step == .confirming else { return .none }
            switch key {
            case .enter:
                step = .saving
                failure = nil
                let target = SpO2TargetEntry(patientID: patient.id, isSet: isSetting, effective: context.now)
                return FeatureStep(effects: [SpO2TargetSave(target).effect], delegates: [.say(StatusText.saving)])
            case .escape:
                return .tell(.say(nil), .close)
            default:
                return .none
            }
        }
    }
}
