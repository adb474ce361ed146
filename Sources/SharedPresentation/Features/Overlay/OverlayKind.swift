/// An overlay: its descriptor and the feature that is its state. Two kinds are the same when
/// their stable names are.
public struct OverlayKind: RegisteredFeature {
    public let descriptor: OverlayDescriptor
    private let feature: any Overlay.Type

    public init<O: Overlay>(_ feature: O.Type) {
        descriptor = O.descriptor
        self.feature = feature
    }

    public var name: String { descriptor.name }

    /// The overlay opened for `session`, and the work that fills it.
    func open(_ session: SessionInfo) -> (OverlayScreen, [WorkstationEffect]) {
        Self.open(feature, session)
    }

    private static func open<O: Overlay>(_ feature: O.Type, _ session: SessionInfo) -> (OverlayScreen, [WorkstationEffect]) {
        let (overlay, effects) = feature.open(session)
        return (OverlayScreen(overlay), effects.map { .overlay(OverlayEffect(O.self, $0)) })
    }
}
