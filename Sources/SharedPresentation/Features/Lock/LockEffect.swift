/// The lock screen's own work for the runtime; the answers come back as `LockAction`s
/// (`LockEffects` carries it out).
public enum LockEffect: Equatable, Sendable {
    /// Check the lock screen's input against the cache key (demo: any input).
    case verify(String)
    /// The screen just locked (a key or idle time): recorded in the audit trail.
    case locked
}
