import Foundation
import Synchronization

/// What a run of searches may still fetch, in resources and in time, shared by the searches
/// running together: every page is charged the resources it was asked to hold (its `_count`)
/// or more when it holds more, so a server paging through empty pages spends the budget as
/// fast as one sending full ones; and no next page is asked for once the time is up. (A
/// search's first page is always asked: the searches a sync makes are few and each ends at
/// `--timeout`; what never ends is paging.) Without
/// it only the 10,000-page cap stopped a server whose paging never ended (400 s, 8,900 pages,
/// every page's resources held in memory). The census sync derives it from the census.
public final class FetchBudget: Sendable {
    private struct State {
        var resources: Int
        var deadline: ContinuousClock.Instant
        var spent = 0
        /// The budget in words, for the error: "10000 resources for 1 patient".
        var resourceWords: String
        var timeWords: String
    }

    private let state: Mutex<State>

    public init(resources: Int, seconds: TimeInterval, for subject: String) {
        state = Mutex(State(resources: resources, deadline: .now + .milliseconds(Int64(seconds * 1000)),
                            resourceWords: "\(resources) resources for \(subject)", timeWords: Self.seconds(seconds) + " for \(subject)"))
    }

    /// Sets the whole budget anew (resources already spent count against it), `seconds` from
    /// `start`: once the census is known, what it allows.
    public func reset(resources: Int, seconds: TimeInterval, from start: ContinuousClock.Instant, for subject: String) {
        state.withLock { state in
            state.resources = resources
            state.deadline = start + .milliseconds(Int64(seconds * 1000))
            state.resourceWords = "\(resources) resources for \(subject)"
            state.timeWords = Self.seconds(seconds) + " for \(subject)"
        }
    }

    /// Throws once the time is up.
    func checkTime() throws(FHIRClientError) {
        let (deadline, words) = state.withLock { ($0.deadline, $0.timeWords) }
        guard ContinuousClock.now < deadline else { throw .overBudget(budget: words) }
    }

    /// Charges a page of `count` resources asked to hold `pageSize`; throws when that takes the
    /// run past its resources.
    func charge(_ count: Int, pageSize: Int) throws(FHIRClientError) {
        let over = state.withLock { state -> String? in
            state.spent += max(count, pageSize, 1)
            return state.spent > state.resources ? state.resourceWords : nil
        }
        if let over { throw .overBudget(budget: over) }
    }

    private static func seconds(_ value: TimeInterval) -> String {
        "\(Int(value.rounded(.up))) s"
    }
}
