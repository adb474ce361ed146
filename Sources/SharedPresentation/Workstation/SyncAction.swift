import Foundation

/// How a background sync is going, as the runtime tells the workstation.
public enum SyncAction: Equatable, Sendable {
    /// Still under way: `requests` requests sent to the server so far.
    case progress(requests: Int)
    /// Its data stored in the cache at `at`.
    case finished(at: Date)
    /// It failed; `offline` when the server could not be reached at all. `message` is one
    /// line without PHI. `cacheChanged` when part of it landed first (entries sent or refused,
    /// the census stored before a later step failed), so what is shown reloads.
    /// `serverAskedToWait`: a busy server's `Retry-After` (seconds) that was not waited for,
    /// so the next sync comes no sooner.
    case failed(String, offline: Bool, cacheChanged: Bool = false, serverAskedToWait: TimeInterval? = nil)
}
