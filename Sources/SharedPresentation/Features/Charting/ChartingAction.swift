import Foundation

/// What happens to a charting screen (the vitals form or a correction).
public enum ChartingAction: Equatable, Sendable {
    case key(InputKey)
    /// The outbox refused what was confirmed; `message` is one line without PHI.
    case saveFailed(String)
}

/// What a charting screen tells the workstation.
public enum ChartingDelegate: Equatable, Sendable {
    /// Put this on the status line (nil clears it).
    case say(String?)
    /// The screen is done with: leave it.
    case close
}

/// What a charting screen needs from the workstation: the clock typed times are read
/// against, and how far a confirm step may scroll on this screen.
public struct ChartingContext {
    public var now: Date
    /// Gregorian, in the workstation's zone: typed clock times ("14:05") are read with it.
    public var calendar: Calendar
    /// A confirm step's offset moved by a scroll key, within its lines; nil for other keys.
    public var scrolled: (ChartingScreen, _ offset: Int, InputKey) -> Int?

    public init(now: Date, calendar: Calendar, scrolled: @escaping (ChartingScreen, Int, InputKey) -> Int?) {
        self.now = now
        self.calendar = calendar
        self.scrolled = scrolled
    }
}
