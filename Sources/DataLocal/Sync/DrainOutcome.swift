/// How sending the outbox went within one sync: a drain that stops does not stop the census
/// sync (what was not sent stays queued, and reading the census still helps), so its failure
/// is a value the sync carries, not a throw.
public typealias DrainOutcome = Result<OutboxDrainReport, OutboxDrainFailure>

extension Result where Success == OutboxDrainReport, Failure == OutboxDrainFailure {
    /// Runs the drain to its end or its first stop.
    static func draining(_ drain: OutboxDrain) async -> DrainOutcome {
        do throws(OutboxDrainFailure) {
            return .success(try await drain.run())
        } catch {
            return .failure(error)
        }
    }

    /// What got through, whether or not the drain went to the end.
    public var report: OutboxDrainReport {
        switch self {
        case .success(let report): report
        case .failure(let failure): failure.report
        }
    }
}
