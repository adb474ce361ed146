/// The idle lock: while locked nothing about any patient is drawn.
public struct LockState: Equatable, Sendable {
    public var isLocked = false
    /// What has been typed on the lock screen; drawn as dots, never as text.
    public var input = ""
    public var failedAttempts = 0
    public var isChecking = false
    public var message: String?

    public init() {}
}
