/// Where a record stands between this workstation and the server. Shown beside charted
/// values so a nurse knows whether the server (and so the rest of the hospital) has them.
public enum Delivery: Hashable, Sendable {
    /// Came from the server or an import, or the server has confirmed it: nothing to send.
    case settled
    /// Charted here and committed to the encrypted outbox; not yet confirmed by the server.
    case pending
    /// The server refused it for good; `message` is the server's one-line reason. It stays in
    /// the outbox, visible, until someone acts on it: never silently dropped.
    case failed(String)
}

/// What is waiting in the outbox, for the header and the quit guard.
public struct OutboxStatus: Hashable, Sendable {
    public var pending: Int
    public var failed: Int

    public init(pending: Int = 0, failed: Int = 0) {
        self.pending = pending
        self.failed = failed
    }

    /// Entries the server does not have yet.
    public var unsent: Int { pending + failed }
}
