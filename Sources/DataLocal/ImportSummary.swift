import DataFHIR
import Foundation

/// What one file's import did, for the import command to report.
public struct ImportSummary: Sendable, Hashable {
    public var file: String
    /// Resources stored (new, or replacing an older or a changed copy), per resource type.
    public var importedByType: [String: Int] = [:]
    /// Resources not stored because the cache already held a newer version.
    public var keptNewer = 0
    /// Resources not stored because the cache already held them exactly (a file imported again).
    public var unchanged = 0
    /// Resources not stored because this workstation changed them and has not sent the change yet.
    public var keptUnsent = 0
    /// Patient-list rows rebuilt because one of their patient's resources changed, or a
    /// location their current encounter names (or one above it) did.
    public var patientsUpdated = 0
    /// The patients whose own records were stored from this file, as blind indexes (no PHI):
    /// a set, so a run of files counts each patient once.
    public var patientsWithRecords: Set<Data> = []
    /// Everything the reader reported: `.error` problems are resources that were skipped
    /// (file, line or entry, resource id, reason), `.warning`s are dropped elements.
    public var problems: [FHIRProblem] = []

    public init(file: String) {
        self.file = file
    }

    public var importedCount: Int { importedByType.values.reduce(0, +) }

    public var skipped: [FHIRProblem] { problems.filter { $0.severity == .error } }

    /// How many resources of each type the workstation does not use (`Claim`, `DocumentReference`):
    /// read past, one count per type rather than one line per resource.
    public var unusedByType: [String: Int] {
        problems.reduce(into: [:]) { counts, problem in
            guard problem.isUnusedType, let type = problem.resourceType else { return }
            counts[type, default: 0] += 1
        }
    }
}

extension FHIRProblem {
    /// A resource of a type the workstation does not use (not a nested Bundle, which is said
    /// with its own reason).
    public var isUnusedType: Bool { kind == .unsupportedType && resourceType != "Bundle" }
}
