/// Due-list keys: the scroll keys (`↑`/`↓`, `j`/`k`, pages, `g`/`G`) choose a patient, `Enter`
/// opens their MAR, `Esc` closes the list. Listed in `KeyHelp.wardDoses`.
extension WardDosesState: Feature {
    public mutating func update(_ action: WardDosesAction, in context: RegionContext) -> FeatureStep<OverlayDelegate, WardDosesEffect> {
        switch action {
        case let .loaded(list):
            self.list = .loaded(list)
            fit(context)
            return .none
        case let .failed(message):
            list = .failed(message)
            return .none
        case let .key(key):
            if let move = ScrollMove(key) {
                position = content(context).moved(position, move, height: context.height)
                return .none
            }
            let patients = list.value?.patients ?? []
            switch key {
            case .escape: return .tell(.close)
            case .enter: return patients.indices.contains(position.selected) ? .tell(.openChart(patients[position.selected].entry, .medications, .doses)) : .none
            default: return .none
            }
        }
    }

    /// Keeps the position within what is drawn, the chosen patient in view.
    public mutating func fit(_ context: RegionContext) {
        position = content(context).fitted(position, height: context.height)
    }

    private func content(_ context: RegionContext) -> ScrollContent {
        WardDosesView.content(self, width: context.width, context: context.view)
    }
}
