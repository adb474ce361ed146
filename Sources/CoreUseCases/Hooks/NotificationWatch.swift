import Foundation

/// What the listener knows of its channel from the server: when it last heard anything (a
/// heartbeat, an event, the handshake) and how many events arrived. It says when the
/// workstations must sync in full because events may have been lost: the server was silent
/// for two heartbeat periods, or a heartbeat's count of events since the subscription
/// started is more than arrived. Counts are compared at heartbeats only: the server sends
/// events from several threads, so they may arrive out of order, but a heartbeat comes only
/// after a heartbeat period without any.
public struct NotificationWatch: Sendable {
    public var heartbeat: TimeInterval
    private var lastHeard: Date
    private var received = 0
    /// True once silence was reported, until the server is heard again: reported once.
    private var silent = false

    public init(heartbeat: TimeInterval, start: Date) {
        self.heartbeat = heartbeat
        self.lastHeard = start
    }

    /// A notification arrived at `now`: `events` it carries, and for a heartbeat, `count`
    /// its `events-since-subscription-start`. True when events were missed, or when it ends
    /// a silence that was reported (what happened during it is unknown).
    public mutating func heard(at now: Date, events: Int, heartbeatCount count: Int? = nil) -> Bool {
        lastHeard = now
        var missed = silent
        silent = false
        received += events
        if let count, count > received {
            missed = true
            received = count
        }
        return missed
    }

    /// The server's handshake for the subscription (made, or made again) at `now`: its
    /// count is where the events to come are counted from. True when it ends a silence that
    /// was reported: events of the silence may have been lost (the network to the listener
    /// down while the server went on).
    public mutating func handshake(count: Int, at now: Date) -> Bool {
        received = count
        lastHeard = now
        defer { silent = false }
        return silent
    }

    /// True once when the server has been silent for over two heartbeat periods at `now`.
    public mutating func missedHeartbeat(at now: Date) -> Bool {
        guard !silent, now.timeIntervalSince(lastHeard) > 2 * heartbeat else { return false }
        silent = true
        return true
    }
}
