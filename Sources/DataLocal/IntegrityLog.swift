import Synchronization

/// Records that failed their integrity check while being read. Reads skip such rows and
/// carry on, so one altered record never hides the rest of a chart; the screens ask here
/// whether to warn that something was left out.
final class IntegrityLog: Sendable {
    private let problems = Mutex<[CacheError]>([])

    func record(_ problem: CacheError) {
        problems.withLock { if !$0.contains(problem) { $0.append(problem) } }
    }

    var all: [CacheError] { problems.withLock { $0 } }
}
