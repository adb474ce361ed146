import CoreDomain
import Foundation

/// The vitals tab: one time series per vital sign, newest first, blood pressure as
/// systolic/diastolic pairs (see `VitalReadingBuilder`), values entered in error included and
/// marked; and the NEWS2 rounds among them, scored for the patient's age.
public struct LoadVitalsHistory: Sendable {
    private let chart: any ChartRepository
    private let now: @Sendable () -> Date

    public init(chart: any ChartRepository, now: @escaping @Sendable () -> Date = Date.init) {
        self.chart = chart
        self.now = now
    }

    public func callAsFunction(patientID: String) async throws -> VitalsHistory {
        // Every category: senders file consciousness and pregnancy status as exam or survey.
        let observations = try await chart.observations(patientID: patientID, category: nil)
        let age = try await chart.patient(id: patientID)?.birthDate.flatMap { Self.age(born: $0, at: now()) }
        return VitalsHistory(
            series: VitalSeries.series(from: VitalReadingBuilder.history(from: observations.filter { $0.category == .vitalSigns })),
            news2: NEWS2RoundBuilder.rounds(from: observations, age: age))
    }

    /// Whole years from a (possibly partial) birth date. A missing month or day counts as the
    /// latest it could be, so a child of 15 is never taken for 16 and scored.
    static func age(born: PartialDate, at date: Date) -> Int? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let now = calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = now.year, let month = now.month, let day = now.day else { return nil }
        let beforeBirthday = (month, day) < (born.month ?? 12, born.day ?? 31)
        return year - born.year - (beforeBirthday ? 1 : 0)
    }
}
