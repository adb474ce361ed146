import CoreUseCases
import Foundation
import Testing

@Suite struct ChartingTimeParserTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    /// A Berlin wall-clock time.
    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    static let now = at(2026, 6, 27, 14, 5)

    private func parse(_ text: String, now: Date = now) -> Result<Date, VitalsRefusal> {
        ChartingTimeParser.time(text, now: now, calendar: Self.calendar)
    }

    @Test func emptyMeansNow() throws {
        #expect(try parse("").get() == Self.now)
        #expect(try parse("  ").get() == Self.now)
    }

    @Test func aClockTimeIsTodayInTheLocalZone() throws {
        #expect(try parse("13:30").get() == Self.at(2026, 6, 27, 13, 30))
        #expect(try parse("9:05").get() == Self.at(2026, 6, 27, 9, 5))
        #expect(try parse("14:09").get() == Self.at(2026, 6, 27, 14, 9), "within the clock-drift tolerance")
    }

    @Test func aClockTimeStillAheadTodayIsYesterdays() throws {
        let justAfterMidnight = Self.at(2026, 6, 28, 0, 10)
        #expect(try parse("23:50", now: justAfterMidnight).get() == Self.at(2026, 6, 27, 23, 50))
        #expect(try parse("14:30").get() == Self.at(2026, 6, 26, 14, 30))
    }

    @Test func aFullDateAndTimeIsTaken() throws {
        #expect(try parse("2026-06-27 08:00").get() == Self.at(2026, 6, 27, 8, 0))
        #expect(try parse("2026-06-26T20:15").get() == Self.at(2026, 6, 26, 20, 15))
    }

    @Test func theFutureBeyondAFewMinutesIsRefused() {
        #expect(parse("2026-06-27 14:20") == .failure(VitalsRefusal("time must not be in the future: use when the values were measured")))
        #expect(parse("2026-07-01 10:00") == .failure(VitalsRefusal("time must not be in the future: use when the values were measured")))
    }

    @Test func moreThanADayBackIsRefused() {
        #expect(parse("2026-06-26 14:00") == .failure(VitalsRefusal("time must be within the last 24 h")))
        #expect(parse("2025-06-27 14:00") == .failure(VitalsRefusal("time must be within the last 24 h")))
    }

    @Test(arguments: ["noon", "25:00", "12:60", "1405", "12:5", "2026-02-30 10:00", "2026-6-27 10:00", "27.06.2026 10:00", "12:00 pm", "-1:00"])
    func anythingElseIsRefusedWithTheFormats(_ text: String) {
        #expect(parse(text) == .failure(VitalsRefusal("time must be HH:MM or YYYY-MM-DD HH:MM (empty for now)")), "\(text)")
    }
}
