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

    func date(_ date: Date) -> String {
        DateTimeText.date(date, calendar: calendar, timeZone: timeZone)
    }
}
