import Foundation

extension PartialDate {
    /// This date moved by `interval`, rounded to whole days in UTC and kept at its own
    /// precision: a year-only birth date stays year-only (counted from 1 January).
    public func shifted(by interval: TimeInterval) -> PartialDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let days = Int((interval / 86_400).rounded())
        guard let start = calendar.date(from: DateComponents(year: year, month: month ?? 1, day: day ?? 1)),
              let moved = calendar.date(byAdding: .day, value: days, to: start)
        else { return self }
        let parts = calendar.dateComponents([.year, .month, .day], from: moved)
        return PartialDate(
            year: parts.year ?? year,
            month: month == nil ? nil : parts.month,
            day: day == nil ? nil : parts.day)
    }
}
