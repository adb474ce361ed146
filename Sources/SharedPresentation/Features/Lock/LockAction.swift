/// What happens to the lock screen.
public enum LockAction: Equatable, Sendable {
    case key(InputKey)
    /// The lock screen's input was checked against the cache key.
    case unlockResult(succeeded: Bool, message: String?)
}

/// What the lock screen tells the workstation.
public enum LockDelegate: Equatable, Sendable {
    /// The right passphrase: the workstation shows again.
    case unlocked
}
