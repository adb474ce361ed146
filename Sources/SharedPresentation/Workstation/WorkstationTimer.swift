/// The timers the workstation's state owns. Each is started with `WorkstationEffect.schedule`
/// and stopped with `.cancel`; at most one of each is pending, so scheduling one again
/// replaces it.
public enum WorkstationTimer: Hashable, Sendable, CaseIterable {
    /// No key for the idle-lock period: the screen locks.
    case idleLock
    /// Time for the next sync with the server (the interval, or a back-off after a failure).
    case nextSync
}
