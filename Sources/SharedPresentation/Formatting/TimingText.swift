import CoreDomain
import Foundation

/// How often a medication is given, in the short forms of a ward medication chart: daily, BID,
/// TID, QID, q4h, q30min, every other day, weekly, twice weekly, monthly.
///
/// A standard timing code (BID, Q6H, BED...) is read first, as the order wrote it: `Q6H` is
/// by the clock and never becomes `QID`, though both are four a day. Then structured timing
/// (frequency per period), then the prescriber's own text verbatim. Forms ISMP lists as error-prone are
/// not produced: `QD` is "daily", `QOD` "every other day", `HS` "at bedtime". Structured timing
/// with no short form and no text is spelled out ("3 times per 2 days").
public enum TimingText {
    public static func format(_ timing: MedicationRequest.Timing?, text: String?) -> String? {
        if let timing, let known = structuredOrCoded(timing) { return known }
        if let text, !text.trimmingCharacters(in: .whitespaces).isEmpty { return text }
        return timing.flatMap(spelledOut)
    }

    /// The schedule from the order's coded or structured timing alone; nil when it has neither
    /// in a form this type knows.
    public static func structuredOrCoded(_ timing: MedicationRequest.Timing) -> String? {
        if let code = timing.code?.uppercased(), let coded = codes[code] { return coded }
        return structured(timing)
    }

    /// A timing code in the form this type writes it (`Q6H` as `q6h`), lower case when it has no
    /// short form of its own (`Q12H` as `q12h`).
    public static func coded(_ code: String) -> String {
        codes[code.uppercased()] ?? code.lowercased()
    }

    /// Every word this type writes (numbers aside), for `TextFitting` to leave whole: shortening
    /// "daily" or "weekly" would change a dose schedule.
    public static let vocabulary: Set<String> = Set(codes.values.flatMap { $0.split(separator: " ").map(String.init) }).union([
        "daily", "BID", "TID", "QID", "every", "other", "day", "days", "weekly", "twice", "times", "weeks", "monthly",
        "months", "yearly", "once", "per", "second", "minute", "hour", "week", "month", "year", "seconds", "minutes",
        "hours", "years",
    ])

    private static let codes: [String: String] = [
        "QD": "daily", "BID": "BID", "TID": "TID", "QID": "QID", "QOD": "every other day",
        "Q1H": "q1h", "Q2H": "q2h", "Q3H": "q3h", "Q4H": "q4h", "Q6H": "q6h", "Q8H": "q8h",
        "AM": "every morning", "PM": "every evening", "BED": "at bedtime", "WK": "weekly", "MO": "monthly",
    ]

    private static func structured(_ timing: MedicationRequest.Timing) -> String? {
        guard let period = timing.period, let unit = timing.periodUnit, let whole = wholeNumber(period), whole > 0 else { return nil }
        let frequency = timing.frequency ?? 1
        switch (unit, whole, frequency) {
        case ("d", 1, 1): return "daily"
        case ("d", 1, 2): return "BID"
        case ("d", 1, 3): return "TID"
        case ("d", 1, 4): return "QID"
        case ("d", 2, 1): return "every other day"
        case ("d", _, 1): return "every \(whole) days"
        case ("h", _, 1): return "q\(whole)h"
        case ("min", _, 1): return "q\(whole)min"
        case ("wk", 1, 1): return "weekly"
        case ("wk", 1, 2): return "twice weekly"
        case ("wk", 1, _): return "\(frequency) times weekly"
        case ("wk", _, 1): return "every \(whole) weeks"
        case ("mo", 1, 1): return "monthly"
        case ("mo", _, 1): return "every \(whole) months"
        case ("a", 1, 1): return "yearly"
        default: return nil
        }
    }

    private static func spelledOut(_ timing: MedicationRequest.Timing) -> String? {
        guard let period = timing.period, let unit = timing.periodUnit else { return nil }
        let names = ["s": "second", "min": "minute", "h": "hour", "d": "day", "wk": "week", "mo": "month", "a": "year"]
        let name = names[unit] ?? unit
        let frequency = timing.frequency ?? 1
        let times = frequency == 1 ? "once" : "\(frequency) times"
        return period == 1 ? "\(times) per \(name)" : "\(times) per \(DecimalText.format(period)) \(name)s"
    }

    private static func wholeNumber(_ value: Decimal) -> Int? {
        var rounded = value, source = value
        NSDecimalRound(&rounded, &source, 0, .plain)
        return rounded == value ? NSDecimalNumber(decimal: value).intValue : nil
    }
}
