import CoreDomain
import Foundation

/// One line of the problem list: a condition, and how many active records of it the source
/// holds (servers list "Medication review due" a dozen times), with the earliest onset.
public struct ActiveProblem: Hashable, Sendable {
    /// The earliest record of it.
    public var condition: Condition
    public var count: Int
    /// The earliest onset (else recorded date) among them.
    public var since: Date?

    public init(condition: Condition, count: Int = 1, since: Date? = nil) {
        self.condition = condition
        self.count = count
        self.since = since
    }
}
