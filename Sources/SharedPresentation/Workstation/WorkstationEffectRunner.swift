import Foundation

/// Carries out the effects `update` asks for and hands back the actions that report their
/// results: none, one, or many over time. The store calls it off the UI thread, cancels it
/// when the state cancels the effect, and tests call it directly.
public protocol WorkstationEffectRunner: Sendable {
    func run(_ effect: WorkstationEffect, send: @escaping @Sendable (WorkstationAction) -> Void) async
}
