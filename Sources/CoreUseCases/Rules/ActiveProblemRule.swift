import CoreDomain
import Foundation

/// Which conditions are on the active problem list: clinical status active, recurrence or
/// relapse (a missing status is not active), unless the diagnosis was refuted or entered in error.
public enum ActiveProblemRule {
    public static func isActive(_ condition: Condition) -> Bool {
        guard let status = condition.clinicalStatus, [.active, .recurrence, .relapse].contains(status) else { return false }
        return condition.verificationStatus != .refuted && condition.verificationStatus != .enteredInError
    }

    /// The active problems, most recently started first (onset, else recorded date; undated
    /// last), then by name.
    public static func activeProblems(in conditions: [Condition]) -> [Condition] {
        conditions.filter(isActive).sorted { a, b in
            let dateA = a.onset ?? a.recordedDate, dateB = b.onset ?? b.recordedDate
            if dateA != dateB {
                guard let dateA else { return false }
                guard let dateB else { return true }
                return dateA > dateB
            }
            let nameA = a.code.displayName.lowercased(), nameB = b.code.displayName.lowercased()
            return nameA != nameB ? nameA < nameB : a.id < b.id
        }
    }
}
