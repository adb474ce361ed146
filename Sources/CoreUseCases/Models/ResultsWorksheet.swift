import CoreDomain
import Foundation

/// A patient's laboratory results as a cumulative worksheet (VistA's "Cumulative" view): one
/// row per test, grouped by panel, with every collection time a column, newest first.
public struct ResultsWorksheet: Hashable, Sendable {
    public var panels: [ResultPanel]
    /// Every distinct collection time, newest first: the worksheet's columns.
    public var collections: [Date]

    public init(panels: [ResultPanel], collections: [Date]) {
        self.panels = panels
        self.collections = collections
    }

    public var isEmpty: Bool { panels.isEmpty }

    /// Every test, in the order the rows show them.
    public var tests: [ResultTest] { panels.flatMap(\.tests) }

    /// Some result is new to the user reading it.
    public var hasNew: Bool { panels.contains { $0.tests.contains(where: \.hasNew) } }

    /// Some result collected at `time` (a column) is new to the user reading it.
    public func hasNew(at time: Date) -> Bool {
        panels.contains { $0.tests.contains { $0.results.contains { $0.isNew && $0.collected == time } } }
    }
}

/// A group of rows: the report that ordered them ("Basic metabolic panel"), else the test's
/// class ("Chemistry"), else "Other".
public struct ResultPanel: Hashable, Sendable {
    public var title: String
    /// The report's conclusion, when one says something.
    public var conclusion: String?
    public var tests: [ResultTest]

    public init(title: String, conclusion: String? = nil, tests: [ResultTest]) {
        self.title = title
        self.conclusion = conclusion
        self.tests = tests
    }
}

/// One test (a row), with every result of it, newest first.
public struct ResultTest: Hashable, Sendable {
    /// The LOINC code when there is one, else the name: what makes two results the same test.
    public var key: String
    /// The short name a row shows ("Potassium"); `fullName` is the source's own.
    public var name: String
    public var fullName: String
    public var results: [LabResult]

    public init(key: String, name: String, fullName: String, results: [LabResult]) {
        self.key = key
        self.name = name
        self.fullName = fullName
        self.results = results
    }

    /// The result collected at `time`, if any: the one a worksheet cell shows. A value entered
    /// in error gives way to another at the same time.
    public func result(at time: Date) -> LabResult? {
        // By index, copying nothing: every cell of every layout asks, across years of results.
        var erroneous: Int?
        for index in results.indices where results[index].collected == time {
            if !results[index].isEnteredInError { return results[index] }
            if erroneous == nil { erroneous = index }
        }
        return erroneous.map { results[$0] }
    }

    /// A result of this test arrived since the user last opened the patient's results.
    public var hasNew: Bool { results.contains(where: \.isNew) }

    /// The newest result that counts (not entered in error): its unit and range head the row.
    public var latest: LabResult? { results.first { !$0.isEnteredInError } ?? results.first }
}

/// One result of one test.
public struct LabResult: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case quantity(Quantity)
        /// A coded or text answer: "Not detected", "Positive", "Staphylococcus aureus".
        case text(String)
        /// No value, and why ("not performed: specimen haemolysed"): shown, never dropped.
        case absent(String)
        /// Neither a value nor a reason was sent.
        case none
    }

    public var observationID: String
    /// When the specimen was collected (the Observation's effective time).
    public var collected: Date
    public var value: Value
    /// From the interpretation codes, else the reference range. `.normal` also when nothing
    /// could judge the value, so a view shows no flag then and never the word "normal".
    public var flag: AbnormalFlag
    public var status: Observation.Status
    /// The first reference range the source gave, shown as bounds or its text; else the
    /// ward's (`isWardRange`), for a result sent without one (`ResultRangeRule`).
    public var range: ReferenceRange?
    /// `range` is the ward's own, not the laboratory's: it says so wherever it shows.
    public var isWardRange = false
    public var performer: String?
    public var notes: [String]
    /// It reached the cache after the user reading it last opened this patient's results.
    public var isNew: Bool

    public init(
        observationID: String, collected: Date, value: Value, flag: AbnormalFlag = .normal,
        status: Observation.Status = .final, range: ReferenceRange? = nil, performer: String? = nil, notes: [String] = [],
        isNew: Bool = false
    ) {
        self.observationID = observationID
        self.collected = collected
        self.value = value
        self.flag = flag
        self.status = status
        self.range = range
        self.performer = performer
        self.notes = notes
        self.isNew = isNew
    }

    public var isEnteredInError: Bool { status == .enteredInError }

    /// The unit of a measured value, for the row's unit column.
    public var unit: Quantity? {
        if case .quantity(let quantity) = value { quantity } else { nil }
    }
}
