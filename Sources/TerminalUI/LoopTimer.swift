import Foundation

/// How long the event loop may sleep: until the next minute starts (the header clock) or the
/// caller's deadline (idle lock), whichever comes first. Rounded up, so the loop never wakes
/// just before the moment and spins.
enum LoopTimer {
    /// Milliseconds for poll(2), never negative.
    static func timeout(now: Date, deadline: Date?) -> Int32 {
        let seconds = now.timeIntervalSince1970
        let nextMinute = (seconds / 60).rounded(.down) * 60 + 60
        let wake = min(nextMinute, deadline?.timeIntervalSince1970 ?? .infinity)
        return Int32(max(0, ((wake - seconds) * 1000).rounded(.up)))
    }
}
