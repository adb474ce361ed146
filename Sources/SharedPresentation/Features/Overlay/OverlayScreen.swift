/// The overlay open over both panes. The workstation routes keys and answers to it, draws it
/// and hears its news without knowing which overlay it is (`Overlay`).
public struct OverlayScreen: Equatable, Sendable {
    public private(set) var overlay: any Overlay

    public init(_ overlay: some Overlay) {
        self.overlay = overlay
    }

    /// The open overlay, when it is an `O`.
    public subscript<O: Overlay>(_: O.Type) -> O? { overlay as? O }

    public var title: String { overlay.title }
    public var position: ScrollPosition { overlay.position }
    public var bindings: [KeyBinding] { overlay.bindings }

    public func content(width: Int, context: ViewContext) -> ScrollContent { overlay.content(width: width, context: context) }

    /// A key for it.
    mutating func press(_ key: InputKey, in context: RegionContext) -> FeatureStep<OverlayDelegate, WorkstationEffect> {
        Self.press(key, &overlay, in: context)
    }

    /// An answer to its effects: taken only by the overlay it is for.
    mutating func receive(_ message: OverlayMessage, in context: RegionContext) -> FeatureStep<OverlayDelegate, WorkstationEffect> {
        Self.receive(message, &overlay, in: context)
    }

    mutating func fit(_ context: RegionContext) { overlay.fit(context) }

    /// The work that reads it again after the cache changed under it.
    func refresh(_ session: SessionInfo) -> [WorkstationEffect] { Self.refresh(overlay, session) }

    public static func == (lhs: OverlayScreen, rhs: OverlayScreen) -> Bool { lhs.overlay.isEqual(to: rhs.overlay) }

    private static func press<O: Overlay>(_ key: InputKey, _ overlay: inout O, in context: RegionContext) -> FeatureStep<OverlayDelegate, WorkstationEffect> {
        overlay.update(.key(key), in: context).scoped { .overlay(OverlayEffect(O.self, $0)) }
    }

    private static func receive<O: Overlay>(_ message: OverlayMessage, _ overlay: inout O, in context: RegionContext) -> FeatureStep<OverlayDelegate, WorkstationEffect> {
        guard let action = message.action as? O.Action else { return .none }
        return overlay.update(action, in: context).scoped { .overlay(OverlayEffect(O.self, $0)) }
    }

    private static func refresh<O: Overlay>(_ overlay: O, _ session: SessionInfo) -> [WorkstationEffect] {
        overlay.refresh(session).map { .overlay(OverlayEffect(O.self, $0)) }
    }
}
