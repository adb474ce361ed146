import Foundation

/// Dates and times in the user's time zone, as compact as is unambiguous, built without any
/// locale: `14:05` today, `Mon 14:05` in the six days before, `06-27 14:05` earlier this year,
/// `2025-06-27 14:05` in any other year (the year is always shown when it is not this year,
/// even a few days after New Year). Future times that are not today use the dated forms, so a
/// weekday never means "next" one. Date-only values: `2025-06-27`.
public enum DateTimeText {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    public static func format(_ date: Date, now: Date, calendar: Calendar, timeZone: TimeZone) -> String {
        let calendar = CalendarFields.calendar(calendar, in: timeZone)
        let fields = CalendarFields(date, calendar: calendar)
        let today = CalendarFields(now, calendar: calendar)
        if fields.year != today.year { return "\(fields.isoDate) \(fields.time)" }
        let daysAgo = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        switch daysAgo {
        case 0: return fields.time
        case 1...6: return "\(weekdays[(fields.weekday - 1) % 7]) \(fields.time)"
        default: return "\(fields.monthDay) \(fields.time)"
        }
    }

    /// `2025-06-27 14:05`: date and time in full, where a misread day would matter (the
    /// time a charted set is confirmed for).
    public static func full(_ date: Date, calendar: Calendar, timeZone: TimeZone) -> String {
        let fields = CalendarFields(date, calendar: CalendarFields.calendar(calendar, in: timeZone))
        return "\(fields.isoDate) \(fields.time)"
    }

    /// `2025-06-27`: the calendar date of `date` in `timeZone`.
    public static func date(_ date: Date, calendar: Calendar, timeZone: TimeZone) -> String {
        CalendarFields(date, calendar: CalendarFields.calendar(calendar, in: timeZone)).isoDate
    }
}
