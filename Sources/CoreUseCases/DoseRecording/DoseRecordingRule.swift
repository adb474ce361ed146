import CoreDomain
import Foundation

/// The questions a dose must answer before it is recorded, each pure so it is tested alone:
/// is it given outside its window (early or late: a reason is asked), was the same order
/// already given inside its interval (double-dose guard: confirm, naming when and by whom), and
/// is the patient allergic to it (`AllergyConflictRule`: an override reason is asked).
public enum DoseRecordingRule {
    /// Where a dose given at `time` stands against its scheduled time and the ward's window.
    public enum Timing: Hashable, Sendable {
        case onTime
        /// Given this many minutes before or after its scheduled time, outside the window.
        case early(minutes: Int)
        case late(minutes: Int)

        /// The question's words (`given 95 min late`), nil on time.
        public var question: String? {
            switch self {
            case .onTime: nil
            case let .early(minutes): "given \(minutes) min early"
            case let .late(minutes): "given \(minutes) min late"
            }
        }
    }

    /// Early or late when `time` is outside the window either side of the dose's time; the
    /// minutes are counted from the scheduled time, as the nurse reads it on the MAR.
    public static func timing(of dose: ScheduledDose, givenAt time: Date, window: TimeInterval) -> Timing {
        let offset = time.timeIntervalSince(dose.time)
        guard abs(offset) > window else { return .onTime }
        let minutes = Int((abs(offset) / 60).rounded())
        return offset < 0 ? .early(minutes: minutes) : .late(minutes: minutes)
    }

    /// The order's interval: the shorter gap to its scheduled doses either side (TID's 14:00 is
    /// 5 h after 09:00), else a day (an order given once a day).
    static func interval(of dose: ScheduledDose, in doses: [ScheduledDose]) -> TimeInterval {
        let previous = doses.filter { $0.request.id == dose.request.id && $0.time < dose.time }.map(\.time).max()
        let gaps = [dose.next.map { $0.timeIntervalSince(dose.time) }, previous.map { dose.time.timeIntervalSince($0) }].compactMap { $0 }
        return gaps.min() ?? 24 * 60 * 60
    }

    /// How close to another dose of the same order a dose given now would be a second dose:
    /// a scheduled dose's interval; an as-needed order's minimum interval from its timing
    /// (`AsNeededIntervalRule`), nil when it gives none (no guard is invented).
    public static func guardInterval(of dose: ScheduledDose, in record: MedicationAdministrationRecord) -> TimeInterval? {
        dose.isAsNeeded ? AsNeededIntervalRule.minimumInterval(of: dose.request) : interval(of: dose, in: record.doses)
    }

    /// A dose of the same order already given within its interval of `time` (the most recent
    /// one), which a second dose now would double; nil when there is none.
    public static func earlierDose(of dose: ScheduledDose, in record: MedicationAdministrationRecord, at time: Date) -> MedicationAdministration? {
        guard let interval = guardInterval(of: dose, in: record) else { return nil }
        let recorded = record.doses.flatMap { ($0.administration.map { [$0] } ?? []) + $0.alsoRecorded }
        return earlierDose(ofOrder: dose.request.id, among: recorded + record.unplaced + record.asNeededGiven,
                           within: interval, of: time)
    }

    /// The most recent dose given of order `requestID` among `administrations` within
    /// `interval` of `time`, leaving out those in `confirmed` (second doses the nurse already
    /// confirmed); nil when there is none.
    public static func earlierDose(
        ofOrder requestID: String, among administrations: [MedicationAdministration], within interval: TimeInterval, of time: Date,
        confirmed: Set<String> = []
    ) -> MedicationAdministration? {
        administrations
            .filter { $0.requestID == requestID && $0.status == .completed && !confirmed.contains($0.id)
                && abs($0.effective.timeIntervalSince(time)) < interval }
            .max { $0.effective < $1.effective }
    }

    /// The dose typed on the form (`500 mg`, `0.5 mg`, `2 units`): a positive number and a unit.
    /// Nil when it does not read.
    public static func dose(_ text: String) -> Quantity? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count >= 2, let value = Decimal(string: String(parts[0]), locale: Locale(identifier: "en_US_POSIX")),
              value > 0, parts[0].allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        return Quantity(value: value, unit: parts.dropFirst().joined(separator: " "))
    }

    /// `dose` as the form writes it, ISMP style (a leading zero, no trailing zero): `0.5 mg`.
    public static func doseText(_ dose: Quantity) -> String {
        "\(dose.value) \(dose.unit ?? dose.ucumCode ?? "")".trimmingCharacters(in: .whitespaces)
    }
}
