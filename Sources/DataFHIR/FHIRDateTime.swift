import CoreDomain
import Foundation

/// Hand-written parsers for FHIR `date`, `dateTime` and `instant`: one import reads hundreds
/// of thousands of them, and a formatter per call (or a shared, non-Sendable one) is not an option.
///
/// `dateTime` partial forms (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`) become UTC midnight of their
/// first day: the workstation sorts and charts them, and the partial text carries no zone.
/// A time of day must carry a zone (`Z` or `±hh:mm`), as R4 requires; without one the
/// instant is unknown, so it is refused rather than guessed.
enum FHIRDateTime {
    enum Precision { case date, dateTime, instant }

    private static let secondsPerDay = 86_400

    /// A FHIR `date`: year, year-month or full date, no time.
    static func partialDate(_ text: String) -> PartialDate? {
        var copy = text
        return copy.withUTF8 { bytes in
            var scanner = DigitScanner(bytes: bytes)
            guard let fields = scanner.calendarDate(), scanner.atEnd else { return nil }
            return PartialDate(year: fields.year, month: fields.month, day: fields.day)
        }
    }

    /// A FHIR `dateTime` (partial forms allowed) or `instant` (full time and zone required).
    static func date(_ text: String, precision: Precision) -> Date? {
        var copy = text
        return copy.withUTF8 { bytes -> Date? in
            var scanner = DigitScanner(bytes: bytes)
            guard let fields = scanner.calendarDate() else { return nil }
            let days = daysSinceEpoch(year: fields.year, month: fields.month ?? 1, day: fields.day ?? 1)
            if scanner.atEnd {
                guard precision != .instant else { return nil }
                return Date(timeIntervalSince1970: TimeInterval(days * secondsPerDay))
            }
            guard fields.day != nil, precision != .date, scanner.take(UInt8(ascii: "T")),
                  let hour = scanner.number(digits: 2), hour < 24, scanner.take(UInt8(ascii: ":")),
                  let minute = scanner.number(digits: 2), minute < 60, scanner.take(UInt8(ascii: ":")),
                  let second = scanner.number(digits: 2), second <= 60
            else { return nil }
            var fraction = 0.0
            if scanner.take(UInt8(ascii: ".")) {
                guard let value = scanner.fraction() else { return nil }
                fraction = value
            }
            guard let offset = scanner.zoneOffset(), scanner.atEnd else { return nil }
            let seconds = days * secondsPerDay + hour * 3600 + minute * 60 + second - offset
            return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// Reads the fixed-width digit fields of ISO 8601 text.
private struct DigitScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var atEnd: Bool { index == bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard bytes.count - index >= digits else { return nil }
        var value = 0
        for _ in 0..<digits {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            index += 1
        }
        return value
    }

    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, with month and day checked against the calendar.
    mutating func calendarDate() -> (year: Int, month: Int?, day: Int?)? {
        guard let year = number(digits: 4) else { return nil }
        guard take(UInt8(ascii: "-")) else { return (year, nil, nil) }
        guard let month = number(digits: 2), (1...12).contains(month) else { return nil }
        guard take(UInt8(ascii: "-")) else { return (year, month, nil) }
        guard let day = number(digits: 2), day >= 1, day <= FHIRDateTime.daysInMonth(year: year, month: month) else { return nil }
        return (year, month, day)
    }

    /// One or more digits after a decimal point, as a fraction of a second.
    mutating func fraction() -> Double? {
        var value = 0.0
        var scale = 1.0
        let start = index
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            scale /= 10
            value += Double(bytes[index] - UInt8(ascii: "0")) * scale
            index += 1
        }
        return index > start ? value : nil
    }

    /// `Z` or `±hh:mm`, as seconds east of UTC.
    mutating func zoneOffset() -> Int? {
        if take(UInt8(ascii: "Z")) { return 0 }
        let sign: Int
        if take(UInt8(ascii: "+")) { sign = 1 } else if take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
        guard let hours = number(digits: 2), take(UInt8(ascii: ":")), let minutes = number(digits: 2),
              hours <= 14, minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
