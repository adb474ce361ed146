import Foundation
import Synchronization

/// A clock that moves only when the test says so: sleepers wake when `advance(by:)` passes
/// their deadline, at once and in order, so a fifteen-minute idle lock is tested in
/// microseconds and "not yet" is a fact (the sleeper is still waiting), not a guess.
public final class ManualClock: _Concurrency.Clock, Sendable {
    public struct Instant: InstantProtocol {
        public var offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Timeline {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID = 0
        /// Sleepers cancelled before they started waiting.
        var cancelled: Set<Int> = []
    }

    private let timeline = Mutex(Timeline())

    public init() {}

    public var now: Instant { timeline.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// The deadlines of everyone asleep now, soonest first.
    public var deadlines: [Duration] {
        timeline.withLock { $0.sleepers.map(\.deadline.offset).sorted() }
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = timeline.withLock { timeline in
            defer { timeline.nextID += 1 }
            return timeline.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = timeline.withLock { timeline in
                    if timeline.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= timeline.now { return .success(()) }
                    timeline.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = timeline.withLock { timeline -> Sleeper? in
                guard let index = timeline.sleepers.firstIndex(where: { $0.id == id }) else {
                    timeline.cancelled.insert(id)
                    return nil
                }
                return timeline.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on by `duration`, waking every sleeper whose deadline it reaches.
    public func advance(by duration: Duration) {
        let due = timeline.withLock { timeline -> [Sleeper] in
            timeline.now = timeline.now.advanced(by: duration)
            let now = timeline.now
            let due = timeline.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            timeline.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        due.forEach { $0.continuation.resume() }
    }
}
