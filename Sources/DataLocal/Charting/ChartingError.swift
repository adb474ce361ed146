import Foundation

/// Why charting or a correction was refused, in one line with the way out. Names no patient,
/// value or resource id, so it is safe to show and to log.
public enum ChartingError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// An observation to mark entered-in-error is not in this patient's chart in the cache.
    case notInChart
    /// The workstation could not read back a resource it built (a bug): nothing was saved.
    case unreadableResource
    /// A write came without the audit entries it must be stored with (a bug): nothing was saved.
    case notAudited

    public var description: String {
        switch self {
        case .notInChart:
            "The observation to correct is not in this patient's chart on this workstation: reopen the chart and try again."
        case .unreadableResource:
            "The entry could not be prepared for sending, so nothing was saved: report this problem to support."
        case .notAudited:
            "The entry came without its audit entry, so nothing was saved: report this problem to support."
        }
    }

    /// The status line shows this (UserMessage reads `LocalizedError`).
    public var errorDescription: String? { description }
}
