import Foundation

/// Waits, a bounded time, for `condition` to hold: for what background work (or the running
/// app) will make true. It yields rather than sleeps, so it returns as soon as it holds, and
/// it fails after `seconds`, so a test that waits for what never comes ends.
public func eventually(within seconds: TimeInterval = 5, _ condition: () -> Bool) async -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < end else { return false }
        await Task.yield()
    }
    return true
}
