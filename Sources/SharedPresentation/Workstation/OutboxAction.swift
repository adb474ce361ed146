import CoreDomain

/// What waits in the outbox, as the runtime counted it.
public enum OutboxAction: Equatable, Sendable {
    case changed(OutboxStatus)
    /// It could not be counted; `message` is one line without PHI.
    case unreadable(String)
}
