import CoreDomain
import Foundation

/// A patient's worksheet worked out ahead, when their records changed, so opening the Results
/// tab does not decode every Observation and group years of results again. What depends on
/// who reads it, or on records of other kinds, is left to the open: nothing is marked new yet
/// (`arrivals` say when each result reached the cache), and a performer is still the reference
/// the source gave (`PractitionerNames` names it, as for a worksheet built at the open).
public struct PreparedResults: Hashable, Sendable {
    /// Every result `isNew == false`.
    public var worksheet: ResultsWorksheet
    /// When each result reached the cache (its Observation's `received`), test by test in the
    /// order of `worksheet.tests`, then result by result: nil where unknown (never new).
    public var arrivals: [Date?]
    /// The patient's sex its ward ranges were chosen for: a worksheet for another is not this one.
    public var sex: AdministrativeGender

    public init(worksheet: ResultsWorksheet, arrivals: [Date?], sex: AdministrativeGender) {
        self.worksheet = worksheet
        self.arrivals = arrivals
        self.sex = sex
    }

    /// Marks the results new to a reader who last opened these results at `newSince` (nil: no
    /// one's views are kept, nothing is new), as `LoadResults` gives the worksheet to them. In
    /// place: a marked copy would copy years of results first.
    public mutating func markNew(since newSince: Date?) {
        guard let newSince else { return }
        var next = arrivals.startIndex
        for panel in worksheet.panels.indices {
            for test in worksheet.panels[panel].tests.indices {
                for result in worksheet.panels[panel].tests[test].results.indices {
                    if let arrival = arrivals[next], arrival > newSince { worksheet.panels[panel].tests[test].results[result].isNew = true }
                    next += 1
                }
            }
        }
    }
}

/// A chart store that keeps each patient's `PreparedResults` current with their records.
public protocol PreparedResultsSource: Sendable {
    /// The worksheet prepared from `patientID`'s records as they are now, or nil when there is
    /// none that is current (the caller builds it from the records).
    func preparedResults(patientID: String) async throws -> PreparedResults?
}
