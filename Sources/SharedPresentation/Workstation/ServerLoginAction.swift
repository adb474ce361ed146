/// The user's server session (user login), as the runtime answers about it.
public enum ServerLoginAction: Equatable, Sendable {
    /// Whether the stored session can no longer be used, checked after an unlock: ended at
    /// the server, or expired by the clock.
    case checked(needed: Bool)
    /// The login the terminal was released for (`WorkstationEffect.releaseTerminal`) ended.
    case finished(ServerLoginOutcome)
}
