import Foundation

/// What views need to know about the world and the terminal to turn state into text:
/// the clock and zone for dates, and whether the terminal shows Unicode.
public struct ViewContext: Sendable {
    public var now: Date
    public var calendar: Calendar
    public var timeZone: TimeZone
    public var unicode: Bool
    /// Draws a trend from values oldest to newest (nil = gap), with the terminal's glyphs.
    public var sparkline: @Sendable ([Double?]) -> String

    public init(
        now: Date, calendar: Calendar = Calendar(identifier: .gregorian), timeZone: TimeZone = .current,
        unicode: Bool, sparkline: @escaping @Sendable ([Double?]) -> String
    ) {
        self.now = now
        self.calendar = calendar
        self.timeZone = timeZone
        self.unicode = unicode
        self.sparkline = sparkline
    }

    func dateTime(_ date: Date) -> String {
        DateTimeText.format(date, now: now, calendar: calendar, timeZone: timeZone)
    }

    func fullDateTime(_ date: Date) -> String {
        DateTimeText.full(date, calendar: calendar, timeZone: timeZone)
    }

    /// `text` as this terminal can show it: without Unicode the degree sign goes ("25-45 C"),
    /// as `UnitText` prints units, so a message wraps at the width it will really take.
    func plain(_ text: String) -> String {
        unicode ? text : text.replacingOccurrences(of: "°", with: "")
    }

    /// The wall-clock fields of `date` in this context's zone.
    func fields(_ date: Date) -> CalendarFields {
        CalendarFields(date, calendar: CalendarFields.calendar(calendar, in: timeZone))
    }

    func date(_ date: Date) -> String {
        DateTimeText.date(date, calendar: calendar, timeZone: timeZone)
    }
}
