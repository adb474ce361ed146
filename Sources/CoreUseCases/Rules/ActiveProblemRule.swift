import CoreDomain
import Foundation

/// Which conditions are on the active problem list: clinical status active, recurrence or
/// relapse (a missing status is not active), unless the diagnosis was refuted or entered in error.
public enum ActiveProblemRule {
    public static func isActive(_ condition: Condition) -> Bool {
        guard let status = condition.clinicalStatus, [.active, .recurrence, .relapse].contains(status) else { return false }
        return condition.verificationStatus != .refuted && condition.verificationStatus != .enteredInError
    }

    /// The active problems, one line per condition however often the source repeats it (same
    /// code, else same name), with the count and the earliest onset. Disorders come first,
    /// then situations and findings (SNOMED's `(situation)` and `(finding)` tags: "Medication
    /// review due" is not a diagnosis); within each, most recently started first (onset, else
    /// recorded date; undated last), then by name.
    public static func activeProblems(in conditions: [Condition]) -> [ActiveProblem] {
        var problems: [ActiveProblem] = []
        var index: [String: Int] = [:]
        for condition in conditions where isActive(condition) {
            let key = Self.key(condition.code)
            let date = condition.onset ?? condition.recordedDate
            guard let position = index[key] else {
                index[key] = problems.count
                problems.append(ActiveProblem(condition: condition, count: 1, since: date))
                continue
            }
            problems[position].count += 1
            if let date, problems[position].since.map({ date < $0 }) ?? true {
                problems[position].since = date
                problems[position].condition = condition
            }
        }
        return problems.sorted { a, b in
            if isContext(a.condition) != isContext(b.condition) { return !isContext(a.condition) }
            let dateA = latest(a, conditions), dateB = latest(b, conditions)
            if dateA != dateB {
                guard let dateA else { return false }
                guard let dateB else { return true }
                return dateA > dateB
            }
            let nameA = a.condition.code.displayName.lowercased(), nameB = b.condition.code.displayName.lowercased()
            return nameA != nameB ? nameA < nameB : a.condition.id < b.condition.id
        }
    }

    /// A situation or finding rather than a disorder, by SNOMED's semantic tag in its name.
    static func isContext(_ condition: Condition) -> Bool {
        ["situation", "finding"].contains(condition.code.semanticTag)
    }

    private static func key(_ code: CodedConcept) -> String {
        if let coding = code.codings.first(where: { $0.code != nil }) { return (coding.system ?? "") + "|" + (coding.code ?? "") }
        return code.displayName.lowercased()
    }

    /// When the problem most recently started: ordering keeps today's behaviour for one record.
    private static func latest(_ problem: ActiveProblem, _ conditions: [Condition]) -> Date? {
        guard problem.count > 1 else { return problem.condition.onset ?? problem.condition.recordedDate }
        let key = key(problem.condition.code)
        return conditions.filter { isActive($0) && Self.key($0.code) == key }.compactMap { $0.onset ?? $0.recordedDate }.max()
    }
}
