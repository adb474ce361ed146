import CoreDomain
import Foundation

/// Runs a record's field list replacing each date, leaving every other field as it is (see
/// `ClinicalResource.rewritingDates`).
struct DateRewriter: RecordCoder {
    let instant: (Date) -> Date
    let day: (PartialDate) -> PartialDate

    var hasMore: Bool { true }
    mutating func code(_ value: inout Date) { value = instant(value) }
    mutating func code(_ value: inout PartialDate) { value = day(value) }
    mutating func code<T: RecordFields>(_ value: inout T) { value.fields(&self) }

    mutating func code<T: RecordFields>(_ value: inout T?) {
        guard var present = value else { return }
        present.fields(&self)
        value = present
    }

    mutating func code<T: RecordFields>(_ values: inout [T]) {
        for index in values.indices { values[index].fields(&self) }
    }

    mutating func code(_ value: inout String) {}
    mutating func code(_ value: inout Int) {}
    mutating func code(_ value: inout Bool) {}
    mutating func code(_ value: inout Decimal) {}
    mutating func code<T: RawRepresentable<String>>(raw value: inout T) {}
    mutating func code<T: RawRepresentable<String>>(raw value: inout T?) {}
    mutating func code<T: RawRepresentable<Int>>(number value: inout T) {}
    mutating func code(tail value: inout Data) {}
    mutating func check(_ isValid: Bool, _ what: String) {}
}
