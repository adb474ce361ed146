import Foundation

/// Which census patients the workstation should sync now that the listener named them. A
/// patient's sync waits until their events have been quiet for `quiet` (a lab filing a panel
/// sends one event per result), but never longer than `longest` after the first, so a flood
/// of 1,000 events in a second becomes one sync, and a steady trickle is still synced. Pure
/// state over times given: the effect that owns it waits until `nextDue` and asks `due`.
public struct PatientSyncQueue: Sendable {
    public var quiet: TimeInterval
    public var longest: TimeInterval
    private var waiting: [String: (first: Date, last: Date)] = [:]

    public init(quiet: TimeInterval = 0.25, longest: TimeInterval = 2) {
        self.quiet = quiet
        self.longest = longest
    }

    /// An event for `patientID` arrived at `now`.
    public mutating func note(_ patientID: String, at now: Date) {
        let first = waiting[patientID]?.first ?? now
        waiting[patientID] = (first, now)
    }

    /// When the next patient falls due; nil when none waits.
    public var nextDue: Date? { waiting.values.map(due).min() }

    /// The patients due at `now`, sorted, taken off the queue.
    public mutating func due(at now: Date) -> [String] {
        let ready = waiting.filter { due($0.value) <= now }.keys.sorted()
        for patient in ready { waiting[patient] = nil }
        return ready
    }

    /// Forgets everyone: a full sync covers them.
    public mutating func clear() { waiting = [:] }

    private func due(_ times: (first: Date, last: Date)) -> Date {
        min(times.last.addingTimeInterval(quiet), times.first.addingTimeInterval(longest))
    }
}
