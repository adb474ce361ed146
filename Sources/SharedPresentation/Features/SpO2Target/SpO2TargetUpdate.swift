import CoreDomain

/// The SpO2 target's one step is its confirm: Enter stores it, Esc leaves (`FormFlow`). Every
/// binding is listed in `KeyHelp.spo2TargetConfirm`.
extension SpO2TargetState: Feature, FormFlow {
    public mutating func update(_ action: ChartingAction, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> {
        flow(action, in: context)
    }

    func save(in context: ChartingContext) -> ChartingEffect? {
        SpO2TargetSave(SpO2TargetEntry(patientID: patient.id, isSet: isSetting, effective: context.now)).effect
    }

    mutating func backFromConfirm() -> Bool { false }

    mutating func gather(_ key: InputKey, in context: ChartingContext) -> FeatureStep<ChartingDelegate, ChartingEffect> { .none }
}
