/// One overlay's effect, as the workstation carries it without knowing the overlay: equal when
/// it is the same overlay's same effect, so a test asserts it as any other.
public struct OverlayEffect: Equatable, Sendable {
    private let effect: any Equatable & Sendable
    private let perform: @Sendable (OverlaySources) async -> OverlayMessage
    private let isSame: @Sendable (any Equatable & Sendable) -> Bool

    public init<O: Overlay>(_: O.Type, _ effect: O.Effect) {
        self.effect = effect
        perform = { sources in OverlayMessage(O.self, await O.run(effect, with: sources)) }
        isSame = { other in (other as? O.Effect) == effect }
    }

    /// Carries it out; the answer is for the overlay it came from.
    func run(with sources: OverlaySources) async -> OverlayMessage { await perform(sources) }

    public static func == (lhs: OverlayEffect, rhs: OverlayEffect) -> Bool { lhs.isSame(rhs.effect) }
}
