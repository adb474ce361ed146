/// The Vitals tab's content: every sign's readings, and the NEWS2 rounds found among them.
public struct VitalsHistory: Hashable, Sendable, ExpressibleByArrayLiteral {
    public var series: [VitalSeries]
    /// Newest first (see `NEWS2RoundBuilder`).
    public var news2: [NEWS2Round]

    public init(series: [VitalSeries], news2: [NEWS2Round] = []) {
        self.series = series
        self.news2 = news2
    }

    /// A history of `series` alone (no NEWS2 rounds), as tests and empty charts write it.
    public init(arrayLiteral series: VitalSeries...) {
        self.init(series: series)
    }

    /// The NEWS2 round a Vitals row belongs to: the one holding any of its observations.
    public func news2Round(containing observationIDs: [String]) -> NEWS2Round? {
        news2.first { round in observationIDs.contains(where: round.observationIDs.contains) }
    }
}
