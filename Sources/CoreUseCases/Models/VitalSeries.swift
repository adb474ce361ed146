import CoreDomain

/// Every reading of one vital sign, newest first, for a trend or a history table. Readings
/// entered in error stay in `readings` (the history shows them, marked); `standing` leaves them out.
public struct VitalSeries: Hashable, Sendable {
    public var sign: VitalSign
    public var readings: [VitalReading]

    /// The readings that still count: what a trend plots and "latest" means.
    public var standing: [VitalReading] { readings.filter { !$0.isEnteredInError } }

    public init(sign: VitalSign, readings: [VitalReading]) {
        self.sign = sign
        self.readings = readings
    }

    /// One series per sign that has readings, in chart order.
    public static func series(from readings: [VitalReading]) -> [VitalSeries] {
        let bySign = Dictionary(grouping: readings, by: \.sign)
        return VitalSign.allCases.compactMap { sign in
            bySign[sign].map { VitalSeries(sign: sign, readings: $0.sorted(by: VitalReading.newestFirst)) }
        }
    }
}
