import CoreDomain
import Foundation

// The scalars as records of one field, so they can be optional or in lists like any record.

extension String: RecordFields {
    static var blank: String { "" }
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension Int: RecordFields {
    static var blank: Int { 0 }
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension Bool: RecordFields {
    static var blank: Bool { false }
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension Date: RecordFields {
    static var blank: Date { Date(timeIntervalSinceReferenceDate: 0) }
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension Decimal: RecordFields {
    static var blank: Decimal { 0 }
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}

extension PartialDate: RecordFields {
    static var blank: PartialDate { PartialDate(year: 0) }
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) { try coder.code(&self) }
}
