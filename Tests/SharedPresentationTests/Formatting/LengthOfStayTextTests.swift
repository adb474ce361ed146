import CoreDomain
import Foundation
import SharedPresentation
import Testing

@Suite struct LengthOfStayTextTests {
    let now = Clock.at(2025, 6, 30, 14, 0)

    func stay(_ start: Date?, _ end: Date?) -> String? {
        LengthOfStayText.format(Period(start: start, end: end), now: now, calendar: Clock.calendar, timeZone: Clock.zone)
    }

    @Test func countsWholeDaysFromOneDayOn() {
        #expect(stay(Clock.at(2025, 6, 20, 10), Clock.at(2025, 6, 23, 9)) == "2 d")
        #expect(stay(Clock.at(2025, 6, 20, 10), Clock.at(2025, 6, 23, 10)) == "3 d")
    }

    @Test func countsHoursUnderADay() {
        #expect(stay(Clock.at(2025, 6, 20, 10), Clock.at(2025, 6, 20, 15, 59)) == "5 h")
        #expect(stay(Clock.at(2025, 6, 20, 10), Clock.at(2025, 6, 20, 10, 40)) == "<1 h")
    }

    @Test func anOpenEncounterCountsToNow() {
        #expect(stay(Clock.at(2025, 6, 27, 12), nil) == "3 d (open)")
        #expect(stay(Clock.at(2025, 6, 30, 9), nil) == "5 h (open)")
        #expect(stay(nil, nil) == "(open)")
    }

    @Test func aNightWithAClockChangeIsStillOneDay() {
        #expect(stay(Clock.at(2025, 3, 29, 12), Clock.at(2025, 3, 30, 12)) == "1 d")
        #expect(stay(Clock.at(2025, 10, 25, 12), Clock.at(2025, 10, 26, 12)) == "1 d")
    }

    @Test func nothingToCountIsNil() {
        #expect(stay(nil, Clock.at(2025, 6, 20)) == nil)
        #expect(stay(Clock.at(2025, 6, 20), Clock.at(2025, 6, 19)) == nil)
    }
}
