/// Meds keys: `m` switches between the orders and the MAR; every other key is the chart's
/// (it scrolls both as one text). Listed in `KeyHelp.medicationsTab`.
extension MedicationsState: Feature {
    public mutating func update(_ action: MedicationsAction, in context: Void) -> FeatureStep<MedicationsDelegate> {
        guard case let .key(key) = action else { return .none }
        guard key == .character("m") else { return .tell(.unhandled(key)) }
        isMARShown.toggle()
        return .none
    }
}
