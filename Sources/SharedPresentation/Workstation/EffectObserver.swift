/// Told when an effect the next frame may wait for starts and when it has answered, so the
/// terminal runtime can hold a frame until local reads are in (see `isQuickRead`).
public protocol EffectObserver: Sendable {
    func started()
    /// Called before the effect's first answer is delivered, so a frame drawn for that answer
    /// sees the effect finished.
    func finished()
}
