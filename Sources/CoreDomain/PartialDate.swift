import Foundation

/// A calendar date that may be known only to the year or month, as FHIR `date` allows
/// (birth dates are often "1954" or "1954-04"). No time zone: it is a calendar fact.
public struct PartialDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int?
    public var day: Int?

    public init(year: Int, month: Int? = nil, day: Int? = nil) {
        self.year = year
        self.month = month
        self.day = month == nil ? nil : day
    }

    /// Parses `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; nil for anything else.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4, let year = Int(parts[0]) else { return nil }
        var month: Int?
        var day: Int?
        if parts.count >= 2 {
            guard parts[1].count == 2, let m = Int(parts[1]), (1...12).contains(m) else { return nil }
            month = m
        }
        if parts.count == 3 {
            guard parts[2].count == 2, let d = Int(parts[2]), (1...31).contains(d) else { return nil }
            day = d
        }
        self.init(year: year, month: month, day: day)
    }

    /// ISO form with only the known parts: "1954", "1954-04", "1954-04-12".
    public var description: String {
        var text = String(format: "%04d", year)
        if let month { text += String(format: "-%02d", month) }
        if let day { text += String(format: "-%02d", day) }
        return text
    }

    public static func < (a: PartialDate, b: PartialDate) -> Bool {
        (a.year, a.month ?? 0, a.day ?? 0) < (b.year, b.month ?? 0, b.day ?? 0)
    }

    /// Whole years completed on `date` in `calendar`; unknown month or day count as January / the 1st.
    public func age(on date: Date, calendar: Calendar) -> Int {
        let today = calendar.dateComponents([.year, .month, .day], from: date)
        guard let y = today.year, let m = today.month, let d = today.day else { return 0 }
        var years = y - year
        if (m, d) < (month ?? 1, day ?? 1) { years -= 1 }
        return max(0, years)
    }
}
