import Foundation

/// When to try a request again and how long to wait first. Retries spread out exponentially
/// (1, 2, 4, 8 s) with jitter, so many workstations do not hammer a recovering server in step.
/// `sleep` and `random` are injectable so tests run without waiting.
public struct RetryPolicy: Sendable {
    /// Retries after a 5xx other than 503.
    public var serverErrorRetries = 3
    /// Retries after a 429 or 503 (which say when to come back).
    public var throttledRetries = 3
    /// Retries after no answer at all.
    public var networkRetries = 4
    public var baseDelay: TimeInterval = 1
    /// The longest a request waits, all its `Retry-After`s together: a server asking for
    /// more (an hour, a date in 2099) is told no at once, rather than holding a sync (and its
    /// lock) silently; the user hears what it asked.
    public var maxRetryAfter: TimeInterval = 120
    public var sleep: @Sendable (TimeInterval) async -> Void
    /// A number in 0..<1 for jitter.
    public var random: @Sendable () -> Double

    public init(
        sleep: @escaping @Sendable (TimeInterval) async -> Void = { seconds in try? await Task.sleep(for: .seconds(seconds)) },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.sleep = sleep
        self.random = random
    }

    /// The wait before retry number `retry` (0-based): 1, 2, 4, 8 s times 0.75 to 1.25.
    public func backoff(retry: Int) -> TimeInterval {
        baseDelay * Double(1 << min(retry, 10)) * (0.75 + 0.5 * random())
    }

    /// The wait a `Retry-After` header asks for (seconds or an HTTP date); nil when absent or unreadable.
    public func retryAfter(_ header: String?, now: Date = Date()) -> TimeInterval? {
        guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { return nil }
        if let seconds = TimeInterval(header), seconds >= 0 { return seconds }
        guard let date = HTTPDate.parse(header) else { return nil }
        return max(date.timeIntervalSince(now), 0)
    }
}
