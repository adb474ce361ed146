import CoreDomain
import Foundation

/// Works out an order's schedule from its FHIR timing, in this order: as needed; a rate with
/// no timing is a continuous infusion (`doseAndRate.rateQuantity`/`rateRatio`); written
/// clock times (`timeOfDay`); the prescriber's by-the-clock code when it refines the timing, or
/// unclear when the two disagree (`WrittenScheduleRule`); a code (`timing.code`: BID, Q6H, ...) or events of the day
/// (`when`: MORN, HS, ...) at the ward's times; then the repeat (`frequency` per `period`):
/// n a day is the ward's QD/BID/TID/QID, every n hours is the ward's QnH, one every two days
/// is QOD. Anything else is unclear: a dose time is never invented.
public enum DoseScheduleRule {
    public static func schedule(for request: MedicationRequest, ward: WardAdministrationTimes) -> DoseSchedule {
        if request.asNeeded { return .asNeeded }
        if request.rate != nil, request.timing == nil { return .continuous }
        guard let timing = request.timing else { return .unclear("no timing in the order") }
        if !timing.unread.isEmpty {
            return .unclear("the timing also says \(timing.unread.joined(separator: ", ")), which is not read here")
        }
        if !timing.timesOfDay.isEmpty {
            let times = timing.timesOfDay.compactMap(ClockTime.init)
            guard times.count == timing.timesOfDay.count else { return .unclear("a time of day does not read") }
            return .daily(times.sorted())
        }
        switch WrittenScheduleRule.reading(request) {
        case .agrees: break
        case let .refines(code):
            return ward.times(for: code).map { .daily($0) } ?? .unclear("no ward times for \(code)")
        case let .conflicts(written, structured):
            return .unclear("the order's text says \(written), its timing \(structured.lowercased())")
        }
        if let code = timing.code?.uppercased() {
            if code.hasSuffix("PRN") { return .asNeeded }
            if code == "QOD", let times = ward.times(for: "QD") { return .everyOtherDay(times) }
            if let times = ward.times(for: code) { return .daily(times) }
        }
        if !timing.when.isEmpty {
            let times = timing.when.map { ward.times(for: $0) }
            guard times.allSatisfy({ $0 != nil }) else { return .unclear("no ward time for \(timing.when.joined(separator: ", "))") }
            return .daily(Array(Set(times.flatMap { $0 ?? [] })).sorted())
        }
        return repeatSchedule(timing, ward: ward)
    }

    private static func repeatSchedule(_ timing: MedicationRequest.Timing, ward: WardAdministrationTimes) -> DoseSchedule {
        let unclear = DoseSchedule.unclear(timing.code.map { "no ward times for \($0)" } ?? "the repeat has no ward times")
        guard let frequency = timing.frequency, let period = timing.period.map({ NSDecimalNumber(decimal: $0).doubleValue }),
              let unit = timing.periodUnit, period > 0, period == period.rounded() else { return unclear }
        let code: String
        switch (unit, Int(period), frequency) {
        case ("d", 1, 1): code = "QD"
        case ("d", 1, 2): code = "BID"
        case ("d", 1, 3): code = "TID"
        case ("d", 1, 4): code = "QID"
        case ("d", 2, 1): return ward.times(for: "QD").map { .everyOtherDay($0) } ?? unclear
        case let ("h", hours, 1): code = "Q\(hours)H"
        case let ("d", 1, perDay) where perDay > 0 && 24 % perDay == 0: code = "Q\(24 / perDay)H"
        default: return unclear
        }
        return ward.times(for: code).map { .daily($0) } ?? unclear
    }
}
