import CoreDomain
import Foundation

/// A patient's age in whole years, for rules that depend on it (NEWS2 is not used under 16).
public enum PatientAge {
    /// Whole years from a (possibly partial) birth date. A missing month or day counts as the
    /// latest it could be, so a child of 15 is never taken for 16 and scored.
    public static func years(born: PartialDate, at date: Date) -> Int? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let now = calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = now.year, let month = now.month, let day = now.day else { return nil }
        let beforeBirthday = (month, day) < (born.month ?? 12, born.day ?? 31)
        return year - born.year - (beforeBirthday ? 1 : 0)
    }
}
