import Foundation

/// The wall-clock fields of an instant in a given time zone, and the zero-padded numbers the
/// formatters build their text from (no locale is ever consulted).
struct CalendarFields {
    let year: Int
    let month: Int
    let day: Int
    let hour: Int
    let minute: Int
    let second: Int
    /// 1 = Sunday ... 7 = Saturday, as Foundation's Gregorian calendar counts.
    let weekday: Int

    /// `calendar` with its time zone set to `timeZone`, so every formatter reads the same clock.
    static func calendar(_ calendar: Calendar, in timeZone: TimeZone) -> Calendar {
        var calendar = calendar
        calendar.timeZone = timeZone
        return calendar
    }

    init(_ date: Date, calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        year = parts.year ?? 0
        month = parts.month ?? 1
        day = parts.day ?? 1
        hour = parts.hour ?? 0
        minute = parts.minute ?? 0
        second = parts.second ?? 0
        weekday = parts.weekday ?? 1
    }

    static func pad(_ number: Int, to width: Int = 2) -> String {
        let digits = String(abs(number))
        return (number < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    var isoDate: String { "\(Self.pad(year, to: 4))-\(Self.pad(month))-\(Self.pad(day))" }
    var monthDay: String { "\(Self.pad(month))-\(Self.pad(day))" }
    var time: String { "\(Self.pad(hour)):\(Self.pad(minute))" }
    var timeWithSeconds: String { "\(time):\(Self.pad(second))" }
}
