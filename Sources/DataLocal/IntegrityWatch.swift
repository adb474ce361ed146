import Synchronization

/// Turns the cache's list of records that failed their integrity check into one warning per
/// new finding, for the workstation's status line: the rest of the chart still shows, and a
/// finding already told is not told again.
public final class IntegrityWatch: Sendable {
    private let problems: @Sendable () -> [CacheError]
    private let reported = Mutex(0)

    public convenience init(cache: EncryptedCache) {
        self.init { cache.integrityProblems }
    }

    /// Watches `problems`, a list that only grows (tests give their own).
    init(problems: @escaping @Sendable () -> [CacheError]) {
        self.problems = problems
    }

    /// One status line (it must fit 80 columns) for problems not yet reported; rows are
    /// named so an operator can find them.
    public func newWarning() -> String? {
        let problems = problems()
        return reported.withLock { seen -> String? in
            guard problems.count > seen else { return nil }
            let fresh = problems.count - seen
            seen = problems.count
            let rows = problems.suffix(fresh).compactMap { problem -> String? in
                if case let .tampered(_, rowID) = problem { "\(rowID)" } else { nil }
            }
            return "Damaged record\(fresh == 1 ? "" : "s") (row \(rows.prefix(3).joined(separator: ", "))) hidden: run 'emr wipe', re-sync"
        }
    }
}
