/// What became of the cache file under the session.
public enum CacheAction: Equatable, Sendable {
    /// The structure check, run after the first frame, found damage; `message` is one line
    /// without PHI saying what to do.
    case damaged(String)
    /// Removed or replaced while this session had it open (`emr wipe`): nothing of it may be
    /// shown any more; `message` says what to do.
    case gone(String)
}
