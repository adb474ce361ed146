import CoreDomain
import Foundation

/// One line of the Summary's vaccines: a vaccine, how many doses were given, and the last.
public struct VaccineHistory: Hashable, Sendable {
    /// The vaccine as named by its newest dose.
    public var vaccine: CodedConcept
    public var count: Int
    public var last: Date?

    public init(vaccine: CodedConcept, count: Int, last: Date? = nil) {
        self.vaccine = vaccine
        self.count = count
        self.last = last
    }
}
