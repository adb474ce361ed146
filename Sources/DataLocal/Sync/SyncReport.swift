import DataFHIR
import Foundation

/// What one sync did, for `emr sync` to print and for its exit status.
public struct SyncReport: Sendable {
    public var censusPatients = 0
    /// Census patients synced in full because they were new to the cache.
    public var newPatients = 0
    /// Patients on the previous census but not on this one (kept until purged).
    public var leftCensus = 0
    /// Whether the existing patients were fetched with `_lastUpdated` (not the first sync).
    public var incremental = false
    public var fetchedByType: [String: Int] = [:]
    public var stored = ImportSummary(file: "sync")
    public var requests = 0
    public var seconds: TimeInterval = 0
    public var problems: [FHIRProblem] { stored.problems }

    public var fetchedCount: Int { fetchedByType.values.reduce(0, +) }
}
