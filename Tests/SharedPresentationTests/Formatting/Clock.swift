import Foundation

/// Times for formatter tests, all in Europe/Berlin (which has DST) on the Gregorian calendar.
enum Clock {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }()

    /// The instant of a Berlin wall-clock time.
    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12, _ minute: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }
}
