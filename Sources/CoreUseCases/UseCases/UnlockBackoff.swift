/// Slows down guessing at the lock screen: after each wrong passphrase the answer waits
/// 1 s, 2 s, 4 s, ... up to 30 s; a right one starts over.
public actor UnlockBackoff {
    public static let maximumSeconds = 30
    private var failures = 0

    public init() {}

    /// The wait after `count` consecutive failures: 0 for none, then doubling from 1 s, capped.
    public static func delaySeconds(afterFailures count: Int) -> Int {
        count <= 0 ? 0 : min(maximumSeconds, 1 << min(count - 1, 5))
    }

    /// Counts a failure and returns how long to wait before answering it.
    public func failed() -> Duration {
        failures += 1
        return .seconds(Self.delaySeconds(afterFailures: failures))
    }

    public func succeeded() {
        failures = 0
    }
}
