import CoreDomain
import CoreUseCases
import Foundation

// A prepared Results worksheet's fields in the binary record format (`ResultsWorksheetTable`),
// each type's list once (see `RecordFields`). `LabResult.isNew` is not stored: a prepared
// worksheet marks nothing new, the open does.

extension LabResult.Value: RecordFields {
    static var blank: LabResult.Value { .none }

    /// Which case is stored, as its number before the case's value.
    private enum Kind: Int {
        case quantity, text, absent, none
    }

    private var kind: Kind {
        switch self {
        case .quantity: .quantity
        case .text: .text
        case .absent: .absent
        case .none: .none
        }
    }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        var kind = kind
        try coder.code(number: &kind)
        switch (kind, self) {
        case let (.quantity, .quantity(value)): self = .quantity(try coder.coded(value))
        case (.quantity, _): self = .quantity(try coder.coded(Quantity.blank))
        case let (.text, .text(value)): self = .text(try coder.coded(value))
        case (.text, _): self = .text(try coder.coded(String.blank))
        case let (.absent, .absent(value)): self = .absent(try coder.coded(value))
        case (.absent, _): self = .absent(try coder.coded(String.blank))
        case (.none, _): self = .none
        }
    }
}

/// Its `range` is stored by its test (`ResultTest`), once for all the results sharing it.
extension LabResult: RecordFields {
    /// Built once, as `Observation.blank`: a worksheet holds years of results.
    static let blank = LabResult(observationID: "", collected: .distantPast, value: .none)

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&observationID)
        try coder.code(&collected)
        try coder.code(&value)
        try coder.code(place: &flag, among: abnormalFlags)
        try coder.code(place: &status, among: statuses)
        try coder.code(&isWardRange)
        try coder.code(&performer)
        try coder.code(&notes)
    }
}

private let abnormalFlags = AbnormalFlag.allCases
private let statuses = Observation.Status.allCases

private extension RecordCoder {
    /// A case stored by its place among `cases`, not by its name as records store one: only
    /// the build that prepared a worksheet reads it (`ProgramBuild`), so the order cannot change
    /// under it, and a number reads faster than a name for each of years of results.
    mutating func code<T: Equatable>(place value: inout T, among cases: [T]) throws(Failure) {
        var place = cases.firstIndex(of: value) ?? 0
        try code(&place)
        try check(cases.indices.contains(place), "\(T.self)")
        value = cases[place]
    }
}

extension ResultTest: RecordFields {
    static var blank: ResultTest { ResultTest(key: "", name: "", fullName: "", results: []) }

    /// A test's results share a few ranges (the laboratory's, the ward's): each is stored once,
    /// and each result names its own by place (0 for none). Decoding two bounds for each of
    /// years of results was a third of the open.
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&key)
        try coder.code(&name)
        try coder.code(&fullName)
        // Worked out from the results when writing; reading, there are none yet.
        var ranges: [ReferenceRange] = [], places: [Int] = []
        var place: [ReferenceRange: Int] = [:]
        for result in results {
            guard let range = result.range else { places.append(0); continue }
            places.append(place[range] ?? {
                ranges.append(range)
                place[range] = ranges.count
                return ranges.count
            }())
        }
        try coder.code(&ranges)
        try coder.code(&places)
        try coder.code(&results)
        try coder.check(places.count == results.count && places.allSatisfy { (0...ranges.count).contains($0) }, "result ranges")
        for (index, place) in zip(results.indices, places) where place > 0 { results[index].range = ranges[place - 1] }
    }
}

extension ResultPanel: RecordFields {
    static var blank: ResultPanel { ResultPanel(title: "", tests: []) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&title)
        try coder.code(&conclusion)
        try coder.code(&tests)
    }
}

extension ResultsWorksheet: RecordFields {
    static var blank: ResultsWorksheet { ResultsWorksheet(panels: [], collections: []) }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&panels)
        try coder.code(&collections)
    }
}

/// When one result reached the cache (`PreparedResults.arrivals`), as a record so a list of
/// them can hold the unknown ones.
struct ResultArrival: RecordFields {
    var time: Date?

    static var blank: ResultArrival { ResultArrival() }

    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(&time)
    }
}

extension PreparedResults: RecordFields {
    static var blank: PreparedResults { PreparedResults(worksheet: .blank, arrivals: [], sex: .unknown) }

    /// The arrivals must be one per result, or the open would mark the wrong ones new.
    mutating func fields<Coder: RecordCoder>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.code(raw: &sex)
        try coder.code(&worksheet)
        var stored = arrivals.map { ResultArrival(time: $0) }
        try coder.code(&stored)
        arrivals = stored.map(\.time)
        try coder.check(arrivals.count == worksheet.panels.reduce(0) { $0 + $1.tests.reduce(0) { $0 + $1.results.count } }, "arrivals")
    }
}
