import CoreDomain
@testable import DataFHIR
import Foundation
import Testing

@Suite struct FHIRDateTimeTests {
    @Test func offsetsAreAppliedToGiveTheInstant() throws {
        let instant = try utc(2024, 3, 10, 6, 30)
        for text in ["2024-03-10T06:30:00Z", "2024-03-10T08:30:00+02:00", "2024-03-10T01:30:00-05:00", "2024-03-09T20:30:00-10:00",
                     "2024-03-10T12:00:00+05:30", "2024-03-10T06:30:00+00:00", "2024-03-10T06:30:00-00:00"] {
            #expect(FHIRDateTime.date(text, precision: .dateTime) == instant, "\(text)")
        }
    }

    @Test func fractionalSecondsAreKept() throws {
        let date = try #require(FHIRDateTime.date("2024-03-10T06:30:00.250Z", precision: .instant))
        #expect(date.timeIntervalSince(try utc(2024, 3, 10, 6, 30)) == 0.25)
    }

    @Test func partialDateTimesAreUTCMidnightOfTheirFirstDay() throws {
        #expect(FHIRDateTime.date("2019", precision: .dateTime) == (try utc(2019, 1, 1)))
        #expect(FHIRDateTime.date("2019-07", precision: .dateTime) == (try utc(2019, 7, 1)))
        #expect(FHIRDateTime.date("2019-07-15", precision: .dateTime) == (try utc(2019, 7, 15)))
        #expect(FHIRDateTime.date("2019-07-15", precision: .instant) == nil)
    }

    @Test func calendarArithmeticMatchesFoundation() throws {
        for (year, month, day) in [(1970, 1, 1), (1900, 3, 1), (2000, 2, 29), (2100, 12, 31), (1600, 1, 1), (1969, 12, 31)] {
            let days = FHIRDateTime.daysSinceEpoch(year: year, month: month, day: day)
            #expect(Date(timeIntervalSince1970: TimeInterval(days * 86_400)) == (try utc(year, month, day)), "\(year)-\(month)-\(day)")
        }
    }

    @Test(arguments: [
        "2024-03-10T06:30:00", "2024-03-10T06:30Z", "2024-02-30", "2023-02-29", "2024-13-01", "2024-00-10", "2024-03-10T24:00:00Z",
        "2024-03-10T06:60:00Z", "2024-03-10T06:30:00+15:00", "2024-03-10T06:30:00.Z", "24-03-10", "2024-3-10", "2024-03-10 06:30:00Z",
        "2024-03-10T06:30:00+0200", "", "2024-03-10TZ",
    ])
    func malformedDateTimesAreRefused(_ text: String) {
        #expect(FHIRDateTime.date(text, precision: .dateTime) == nil)
    }

    @Test func datesArePartialDates() {
        #expect(FHIRDateTime.partialDate("1954") == PartialDate(year: 1954))
        #expect(FHIRDateTime.partialDate("1954-04") == PartialDate(year: 1954, month: 4))
        #expect(FHIRDateTime.partialDate("2000-02-29") == PartialDate(year: 2000, month: 2, day: 29))
        #expect(FHIRDateTime.partialDate("1900-02-29") == nil)
        #expect(FHIRDateTime.partialDate("1954-04-12T00:00:00Z") == nil)
    }
}
