import Foundation

/// When a set of vitals was measured, from the form's time field, in the calendar's time zone.
///
/// Empty means now. `HH:MM` (or `H:MM`) is the latest such clock time that is not in the future,
/// so at 00:10 "23:50" means yesterday evening. `YYYY-MM-DD HH:MM` (or with `T`) is that exact
/// time. Refused: any other text, a time more than `VitalsEntryRange.futureTolerance` ahead of
/// the clock, and one more than `VitalsEntryRange.pastLimit` back.
public enum ChartingTimeParser {
    static let format = VitalsRefusal("time must be HH:MM or YYYY-MM-DD HH:MM (empty for now)")
    static let future = VitalsRefusal("time must not be in the future: use when the values were measured")
    static let tooOld = VitalsRefusal("time must be within the last \(Int(VitalsEntryRange.pastLimit / 3600)) h")

    public static func time(_ text: String, now: Date, calendar: Calendar) -> Result<Date, VitalsRefusal> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .success(now) }
        let pieces = trimmed.split(whereSeparator: { $0 == " " || $0 == "T" })
        let date: Date?
        switch pieces.count {
        case 1: date = clockTime(pieces[0], now: now, calendar: calendar)
        case 2: date = dateAndTime(pieces[0], pieces[1], calendar: calendar)
        default: date = nil
        }
        guard let date else { return .failure(format) }
        if date.timeIntervalSince(now) > VitalsEntryRange.futureTolerance { return .failure(future) }
        if now.timeIntervalSince(date) > VitalsEntryRange.pastLimit { return .failure(tooOld) }
        return .success(date)
    }

    /// Today's `HH:MM`, or yesterday's when today's is still ahead.
    private static func clockTime(_ text: Substring, now: Date, calendar: Calendar) -> Date? {
        guard let (hour, minute) = hourAndMinute(text) else { return nil }
        var day = calendar.dateComponents([.year, .month, .day], from: now)
        day.hour = hour
        day.minute = minute
        guard let today = calendar.date(from: day) else { return nil }
        guard today.timeIntervalSince(now) > VitalsEntryRange.futureTolerance,
              let yesterday = calendar.date(byAdding: .day, value: -1, to: now) else { return today }
        var previous = calendar.dateComponents([.year, .month, .day], from: yesterday)
        previous.hour = hour
        previous.minute = minute
        return calendar.date(from: previous)
    }

    private static func dateAndTime(_ dateText: Substring, _ timeText: Substring, calendar: Calendar) -> Date? {
        let parts = dateText.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let (hour, minute) = hourAndMinute(timeText) else { return nil }
        let components = DateComponents(year: Int(parts[0]), month: Int(parts[1]), day: Int(parts[2]), hour: hour, minute: minute)
        guard let date = calendar.date(from: components) else { return nil }
        // The calendar rolls 02-30 over into March: a date that does not read back is not a date.
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        return back.year == components.year && back.month == components.month && back.day == components.day ? date : nil
    }

    private static func hourAndMinute(_ text: Substring) -> (Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60 else { return nil }
        return (hour, minute)
    }
}
