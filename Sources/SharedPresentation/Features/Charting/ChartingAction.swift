import CoreDomain
import Foundation

/// What happens to a charting form.
public enum ChartingAction: Equatable, Sendable {
    case key(InputKey)
    /// The outbox stored what was confirmed, with its audit entries; `outbox` is its new
    /// content when it could be counted.
    case saved(outbox: OutboxStatus?)
    /// The outbox refused what was confirmed; `message` is one line without PHI.
    case saveFailed(String)
    /// Storing found something to ask again (its `ChartingWrite.question`); nothing was stored.
    case saveQuestioned(ChartingQuestion)
}

/// What a charting form tells the workstation.
public enum ChartingDelegate: Equatable, Sendable {
    /// Put this on the status line (nil clears it).
    case say(Notice?)
    /// The screen is done with: leave it.
    case close
}

/// What a charting form needs from the workstation: the clock typed times are read
/// against, and the layout the screen scrolls its body in.
public struct ChartingContext: Sendable {
    public var now: Date
    /// Gregorian, in the workstation's zone: typed clock times ("14:05") are read with it.
    public var calendar: Calendar
    public var geometry: WorkstationGeometry
    /// The views' context the screen lays its lines out with.
    public var view: ViewContext
    /// Lines of the banner above the form: set by the screen, which holds the chart it shows.
    var bannerLines = 0

    public init(now: Date, calendar: Calendar, geometry: WorkstationGeometry, view: ViewContext) {
        self.now = now
        self.calendar = calendar
        self.geometry = geometry
        self.view = view
    }

    /// The form's body, below the banner of the chart it was opened from.
    var body: Rect { geometry.chartingBody(bannerLines: bannerLines) }
}
