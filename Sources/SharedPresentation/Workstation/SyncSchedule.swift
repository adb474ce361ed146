import Foundation

/// When the online workstation syncs with its server: at once, then every `interval`. An
/// unreachable server is not fatal: after a failure it is probed again sooner, 5 s doubling up
/// to `maxBackoff` (never longer than the interval), so a server that comes back is found
/// without hammering one that is down. The state owns this; the store keeps the timer.
public struct SyncSchedule: Equatable, Sendable {
    public var interval: TimeInterval
    public var firstBackoff: TimeInterval = 5
    public var maxBackoff: TimeInterval = 180
    /// Syncs that failed since the last one that worked.
    public private(set) var failures = 0

    public init(interval: TimeInterval) {
        self.interval = interval
    }

    /// After a sync that worked: the pause before the next one.
    mutating func succeeded() -> TimeInterval {
        failures = 0
        return interval
    }

    /// After a failed sync: the (growing) pause before trying again; when a busy server asked to
    /// wait longer (`Retry-After`), that long, up to the interval.
    mutating func failed(serverAskedToWait: TimeInterval? = nil) -> TimeInterval {
        defer { failures += 1 }
        let backoff = min(maxBackoff, interval, firstBackoff * pow(2, Double(failures)))
        return max(backoff, min(serverAskedToWait ?? 0, interval))
    }
}
