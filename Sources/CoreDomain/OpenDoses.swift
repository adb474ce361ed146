import Foundation

/// The scheduled doses on a patient's MAR that nothing was recorded for (and the infusions
/// ordered and not yet started, each a dose from when its order begins), kept with the list row
/// when it is built, so the list can say a dose is due or late as time passes without reading
/// the chart (the MAR itself is always worked out afresh and decides).
public struct OpenDoses: Hashable, Sendable {
    /// One dose's time and its order's next dose (once that one's window opens, this is missed).
    public struct Dose: Hashable, Sendable {
        public var time: Date
        public var next: Date?

        public init(time: Date, next: Date? = nil) {
            self.time = time
            self.next = next
        }
    }

    public var doses: [Dose]
    /// The ward's window before and after a dose's time when the row was built.
    public var window: TimeInterval
    /// The end of the span the doses were worked out for: after it the row no longer knows.
    public var until: Date

    public init(doses: [Dose], window: TimeInterval, until: Date) {
        self.doses = doses
        self.window = window
        self.until = until
    }
}
