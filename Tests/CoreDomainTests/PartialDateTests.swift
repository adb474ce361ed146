import CoreDomain
import Foundation
import Testing

@Suite struct PartialDateTests {
    @Test(arguments: ["1954", "1954-04", "1954-04-12"])
    func roundTripsISOForms(_ text: String) {
        #expect(PartialDate(iso: text)?.description == text)
    }

    @Test(arguments: ["", "54", "1954-4", "1954-13", "1954-04-32", "1954-04-12T00:00", "abcd"])
    func rejectsMalformedDates(_ text: String) {
        #expect(PartialDate(iso: text) == nil)
    }

    @Test func ageCountsCompletedYears() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let born = try #require(PartialDate(iso: "1954-04-12"))
        let dayBefore = try #require(calendar.date(from: DateComponents(year: 2026, month: 4, day: 11)))
        let birthday = try #require(calendar.date(from: DateComponents(year: 2026, month: 4, day: 12)))
        #expect(born.age(on: dayBefore, calendar: calendar) == 71)
        #expect(born.age(on: birthday, calendar: calendar) == 72)
    }

    @Test func yearOnlyDatesOrderBeforeFullDatesOfThatYear() throws {
        let year = try #require(PartialDate(iso: "1954"))
        let full = try #require(PartialDate(iso: "1954-01-01"))
        #expect(year < full)
    }

    @Test func datesKeepTheirPrecisionWhenShifted() {
        let year: TimeInterval = 365 * 86_400
        #expect(PartialDate(year: 1954).shifted(by: 2 * year) == PartialDate(year: 1956))
        #expect(PartialDate(year: 1954, month: 12).shifted(by: 31 * 86_400) == PartialDate(year: 1955, month: 1))
        #expect(PartialDate(year: 2024, month: 2, day: 28).shifted(by: 86_400) == PartialDate(year: 2024, month: 2, day: 29))
    }
}
