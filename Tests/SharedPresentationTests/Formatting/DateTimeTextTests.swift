import Foundation
import SharedPresentation
import Testing

@Suite struct DateTimeTextTests {
    /// Saturday 2025-06-28 14:05 in Berlin.
    let now = Clock.at(2025, 6, 28, 14, 5)

    func text(_ date: Date) -> String {
        DateTimeText.format(date, now: now, calendar: Clock.calendar, timeZone: Clock.zone)
    }

    @Test func todayIsJustTheTime() {
        #expect(text(Clock.at(2025, 6, 28, 0, 0)) == "00:00")
        #expect(text(Clock.at(2025, 6, 28, 9, 7)) == "09:07")
        #expect(text(Clock.at(2025, 6, 28, 23, 59)) == "23:59", "later today")
    }

    @Test func theSixDaysBeforeShowTheWeekday() {
        #expect(text(Clock.at(2025, 6, 27, 14, 5)) == "Fri 14:05")
        #expect(text(Clock.at(2025, 6, 23, 8, 0)) == "Mon 08:00")
        #expect(text(Clock.at(2025, 6, 22, 8, 0)) == "Sun 08:00")
        #expect(text(Clock.at(2025, 6, 21, 8, 0)) == "06-21 08:00", "a week ago is dated")
    }

    @Test func earlierThisYearAndTheFutureAreDated() {
        #expect(text(Clock.at(2025, 1, 1, 0, 30)) == "01-01 00:30")
        #expect(text(Clock.at(2025, 6, 29, 8, 0)) == "06-29 08:00", "tomorrow is not a weekday")
    }

    @Test func anotherYearAlwaysShowsTheYearEvenDaysAfterNewYear() {
        let newYear = Clock.at(2026, 1, 2, 10, 0)
        #expect(DateTimeText.format(Clock.at(2025, 12, 31, 22, 15), now: newYear, calendar: Clock.calendar, timeZone: Clock.zone)
                == "2025-12-31 22:15")
        #expect(text(Clock.at(2024, 6, 28, 14, 5)) == "2024-06-28 14:05")
        #expect(text(Clock.at(2026, 2, 1, 9, 0)) == "2026-02-01 09:00")
    }

    @Test func usesTheGivenTimeZoneNotTheMachines() {
        let utc = TimeZone(identifier: "UTC")!
        let instant = Clock.at(2025, 6, 28, 1, 30) // 23:30 UTC the day before
        #expect(DateTimeText.format(instant, now: now, calendar: Clock.calendar, timeZone: utc) == "Fri 23:30")
        #expect(DateTimeText.date(instant, calendar: Clock.calendar, timeZone: utc) == "2025-06-27")
        #expect(DateTimeText.date(instant, calendar: Clock.calendar, timeZone: Clock.zone) == "2025-06-28")
    }

    @Test func wallClockTimesAcrossTheDSTChange() {
        let sunday = Clock.at(2025, 3, 30, 12, 0)
        let beforeChange = Clock.at(2025, 3, 30, 1, 30)
        #expect(DateTimeText.format(beforeChange, now: sunday, calendar: Clock.calendar, timeZone: Clock.zone) == "01:30")
        #expect(DateTimeText.format(beforeChange + 3600, now: sunday, calendar: Clock.calendar, timeZone: Clock.zone) == "03:30")
    }
}
