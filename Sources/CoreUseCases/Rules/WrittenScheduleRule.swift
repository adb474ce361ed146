import CoreDomain
import Foundation

/// What an order's free text says of its schedule against its coded or structured timing.
/// Generators and pharmacy systems often keep a by-the-clock order ("500 mg PO Q6H") as so
/// many a day (`frequency 4 per 1 d`): the text is then the more exact instruction, and `Q6H`
/// must not read as `QID` (by the clock, not the ward's four times). When the two give a
/// different number of doses a day, neither can be trusted: the order must be checked.
public enum WrittenScheduleRule {
    public enum Reading: Hashable, Sendable {
        /// The text names no schedule, or the same one.
        case agrees
        /// The text's by-the-clock code (`Q6H`) gives as many doses a day as the timing: it is the schedule.
        case refines(code: String)
        /// The text's code (`Q6H`) and the timing (`2 a day`) disagree.
        case conflicts(written: String, timing: String)
    }

    public static func reading(_ request: MedicationRequest) -> Reading {
        guard let timing = request.timing, let written = writtenCode(request.frequencyText),
              let structured = structuredCode(timing) else { return .agrees }
        if written == structured { return .agrees }
        guard let writtenPerDay = dosesPerDay(written), let structuredPerDay = dosesPerDay(structured) else { return .agrees }
        if writtenPerDay == structuredPerDay, written.hasPrefix("Q"), written.hasSuffix("H"), timing.code == nil {
            return .refines(code: written)
        }
        return .conflicts(written: written, timing: structured)
    }

    /// The one schedule code the text names (`Q6H`, `BID`, `daily` as `QD`); nil for none or
    /// several. "Daily" counts only without a count before it ("twice daily" is no `QD`).
    static func writtenCode(_ text: String?) -> String? {
        guard let text else { return nil }
        let words = text.uppercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let counted = words.contains { ["TWICE", "THRICE", "TIMES", "X"].contains($0) }
        let codes = Set(words.compactMap { word -> String? in
            if word == "QD" || word == "OD" || (word == "DAILY" && !counted) { return "QD" }
            if ["BID", "TID", "QID", "QOD"].contains(word) { return word }
            if word.hasPrefix("Q"), word.hasSuffix("H"), let hours = Int(word.dropFirst().dropLast()), hours > 0 { return word }
            return nil
        })
        return codes.count == 1 ? codes.first : nil
    }

    /// The timing's code, else its repeat as the code it amounts to; nil for neither.
    static func structuredCode(_ timing: MedicationRequest.Timing) -> String? {
        if let code = timing.code?.uppercased() { return code.replacingOccurrences(of: "_PRN", with: "") }
        guard let frequency = timing.frequency, let period = timing.period.map({ NSDecimalNumber(decimal: $0).intValue }),
              let unit = timing.periodUnit, period > 0 else { return nil }
        switch (unit, period, frequency) {
        case ("d", 1, 1): return "QD"
        case ("d", 1, 2): return "BID"
        case ("d", 1, 3): return "TID"
        case ("d", 1, 4): return "QID"
        case ("d", 2, 1): return "QOD"
        case let ("d", 1, perDay): return "\(perDay) A DAY"
        case let ("h", hours, 1): return "Q\(hours)H"
        default: return nil
        }
    }

    private static func dosesPerDay(_ code: String) -> Double? {
        switch code {
        case "QD": return 1
        case "BID": return 2
        case "TID": return 3
        case "QID": return 4
        case "QOD": return 0.5
        default:
            if code.hasSuffix(" A DAY") { return Double(code.dropLast(" A DAY".count)) }
            if code.hasPrefix("Q"), code.hasSuffix("H"), let hours = Double(code.dropFirst().dropLast()), hours > 0 { return 24 / hours }
            return nil
        }
    }
}
