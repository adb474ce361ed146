/// The due list as an overlay: how it opens from the list, reads again, and what it shows.
extension WardDosesState: Overlay {
    public static let descriptor = OverlayDescriptor(
        name: WardDosesEffects.auditName, opensWith: KeyHelp.openWardDoses, help: ("Doses due on the ward (d)", KeyHelp.wardDoses))

    /// The ward of this session (the whole census without one), read as it opens.
    public static func open(_ session: SessionInfo) -> (WardDosesState, [WardDosesEffect]) {
        (WardDosesState(), [.load(ward: session.wardFilter)])
    }

    public static func run(_ effect: WardDosesEffect, with sources: OverlaySources) async -> WardDosesAction {
        await WardDosesEffects(sources).run(effect)
    }

    public var title: String { WardDosesView.title }

    public var bindings: [KeyBinding] { KeyHelp.wardDoses }

    public func content(width: Int, context: ViewContext) -> ScrollContent {
        WardDosesView.content(self, width: width, context: context)
    }

    public func refresh(_ session: SessionInfo) -> [WardDosesEffect] {
        [.load(ward: session.wardFilter, isRefresh: true)]
    }
}
