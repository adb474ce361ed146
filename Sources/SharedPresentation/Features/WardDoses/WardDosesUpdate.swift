/// Due-list keys: `↑`/`↓` (`j`/`k`, pages, `g`/`G`) choose a patient, `Enter` opens their MAR,
/// `Esc` closes the list. Listed in `KeyHelp.wardDoses`.
extension WardDosesState: Feature {
    public mutating func update(_ action: WardDosesAction, in context: RegionContext) -> FeatureStep<WardDosesDelegate> {
        switch action {
        case let .loaded(list):
            self.list = .loaded(list)
            selected = min(selected, max(0, list.patients.count - 1))
            fit(context)
            return .none
        case let .failed(message):
            list = .failed(message)
            return .none
        case let .key(key):
            let patients = list.value?.patients ?? []
            if let move = WorkstationState.selectionMove(key, page: max(1, context.height / 2)) {
                guard !patients.isEmpty else { return .none }
                selected = min(max(0, selected + move), patients.count - 1)
                fit(context)
                return .none
            }
            switch key {
            case .escape: return .tell(.close)
            case .enter: return patients.indices.contains(selected) ? .tell(.openMAR(patients[selected].entry)) : .none
            default: return .none
            }
        }
    }

    /// Keeps the chosen patient's lines in view and the offset within what is drawn.
    mutating func fit(_ context: RegionContext) {
        let content = WardDosesView.content(self, width: context.width, context: context.view)
        scroll = content.fit(scroll, height: context.height)
    }
}
