import CoreDomain
import Foundation

/// The Summary's procedures: the last five done (completed or in progress), newest first; the
/// rest are in their encounters' details.
public enum RecentProcedureRule {
    public static let shown = 5

    public static func recent(_ procedures: [Procedure]) -> [Procedure] {
        Array(procedures.filter { $0.status == .completed || $0.status == .inProgress }
            .sorted { ($0.performed ?? .distantPast, $0.id) > ($1.performed ?? .distantPast, $1.id) }
            .prefix(shown))
    }
}
