import SharedPresentation

/// The due list's actions, effects and state as the workstation holds them (in an overlay),
/// named as tests write them.
extension WorkstationAction {
    public static func wardDoses(_ action: WardDosesAction) -> WorkstationAction {
        .overlay(OverlayMessage(WardDosesState.self, action))
    }

    /// The due list's action this is, if it is one.
    public var wardDoses: WardDosesAction? {
        if case let .overlay(message) = self { message.action as? WardDosesAction } else { nil }
    }
}

extension WorkstationEffect {
    public static func wardDoses(_ effect: WardDosesEffect) -> WorkstationEffect {
        .overlay(OverlayEffect(WardDosesState.self, effect))
    }
}

extension WorkstationState {
    /// The due list, when it is the overlay open.
    public var wardDoses: WardDosesState? {
        get { overlay?[WardDosesState.self] }
        set { overlay = newValue.map { OverlayScreen($0) } }
    }
}
