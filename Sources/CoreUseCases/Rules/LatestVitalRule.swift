import CoreDomain

/// The latest value of each vital sign: per sign, the reading with the newest time, ties broken
/// by the greater observation id (see `VitalReading.newestFirst`). Which results count at all is
/// `VitalReadingBuilder`'s rule (final, amended, corrected or preliminary; dated; numeric).
public enum LatestVitalRule {
    /// One reading per sign that has any, in chart order (`VitalSign.allCases`, blood pressure
    /// standing for its two halves).
    public static func latest(of readings: [VitalReading]) -> [VitalReading] {
        var newest: [VitalSign: VitalReading] = [:]
        for reading in readings {
            if let current = newest[reading.sign], !VitalReading.newestFirst(reading, current) { continue }
            newest[reading.sign] = reading
        }
        return VitalSign.allCases.compactMap { newest[$0] }
    }

    public static func latest(from observations: [Observation]) -> [VitalReading] {
        latest(of: VitalReadingBuilder.readings(from: observations))
    }
}
