/// One overlay's action, as the workstation hands it on without knowing the overlay: only the
/// overlay whose action it is takes it (one closed since drops it). Equal when it is the same
/// overlay's same action.
public struct OverlayMessage: Equatable, Sendable {
    public let action: any Equatable & Sendable
    private let isSame: @Sendable (any Equatable & Sendable) -> Bool

    public init<O: Overlay>(_: O.Type, _ action: O.Action) {
        self.action = action
        isSame = { other in (other as? O.Action) == action }
    }

    public static func == (lhs: OverlayMessage, rhs: OverlayMessage) -> Bool { lhs.isSame(rhs.action) }
}
