import CoreDomain
import Foundation

/// How long an encounter lasted or has lasted so far: whole calendar days (`3 d`) from one
/// day on, else whole hours (`5 h`, `<1 h`), counted in the user's time zone so a night with
/// a clock change is still one day. An encounter without an end is marked `(open)` and counted
/// to `now`: `3 d (open)`. With no start there is nothing to count: `(open)` if it is still
/// open, nil otherwise (as also for an end before the start).
public enum LengthOfStayText {
    public static func format(_ period: Period, now: Date, calendar: Calendar, timeZone: TimeZone) -> String? {
        let open = period.end == nil
        guard let start = period.start else { return open ? "(open)" : nil }
        let end = period.end ?? now
        guard end >= start else { return open ? "(open)" : nil }
        let calendar = CalendarFields.calendar(calendar, in: timeZone)
        let elapsed = calendar.dateComponents([.day, .hour], from: start, to: end)
        let days = elapsed.day ?? 0, hours = elapsed.hour ?? 0
        let length = days > 0 ? "\(days) d" : hours > 0 ? "\(hours) h" : "<1 h"
        return open ? "\(length) (open)" : length
    }
}
