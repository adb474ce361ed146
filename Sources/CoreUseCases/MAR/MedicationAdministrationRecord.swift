import CoreDomain
import Foundation

/// The MAR of one patient over a span of time: every scheduled dose of the active orders in
/// time order with what was recorded for it, the as-needed orders (listed, never due), the
/// continuous infusions with where each stands, and the orders whose times cannot be worked
/// out (listed to be checked, never guessed).
public struct MedicationAdministrationRecord: Hashable, Sendable {
    public var doses: [ScheduledDose]
    public var asNeeded: [MedicationRequest]
    /// What was given for the as-needed orders (never entered in error), newest first: the
    /// MAR's `last 11:30 by nurse1` and the PRN second-dose guard read it.
    public var asNeededGiven: [MedicationAdministration] = []
    /// The effects recorded for PRN doses, by MedicationAdministration id (`PRNFollowUpRule.effects`).
    public var asNeededEffects: [String: Observation] = [:]
    /// How long after a PRN dose its effect is due (`prn_followup_minutes`).
    public var prnFollowUp: TimeInterval = 60 * 60
    /// Scheduled orders with no dose in the span (written for later, or every other day): listed,
    /// so an active order never drops off the MAR.
    public var noDoseInSpan: [MedicationRequest]
    /// Orders and why their schedule is unclear.
    public var unclear: [UnclearOrder]
    /// The continuous infusions (a rate and no timing), by name, each with where it stands.
    public var infusions: [Infusion] = []
    /// Records of the scheduled orders, given in the span, that stand beside no dose (given
    /// before any dose's window opened, naming none; or naming a dose no longer scheduled with
    /// none near): listed, never hidden. Oldest first.
    public var unplaced: [MedicationAdministration] = []
    /// The ward's window before and after a dose's time.
    public var window: TimeInterval

    public struct UnclearOrder: Hashable, Sendable {
        public var request: MedicationRequest
        public var reason: String
    }

    /// The doses of `requests` (active ones only) from `start` to `end`, on the ward's clock in
    /// `calendar`'s zone, none before the order's first day (`boundsPeriod.start`, else when it
    /// was written). Each administration stands beside the dose it names (`scheduledTime`), else
    /// the order's nearest scheduled dose whose window had opened when it was given, within 12
    /// hours (a dose given late is never taken for the next one), marked so (`DoseMatch`); one
    /// recorded for no order is not shown here.
    public init(
        requests: [MedicationRequest], administrations: [MedicationAdministration], from start: Date, to end: Date,
        ward: WardAdministrationTimes, calendar: Calendar
    ) {
        var doses: [ScheduledDose] = []
        var asNeeded: [MedicationRequest] = []
        var unclear: [UnclearOrder] = []
        var noDoseInSpan: [MedicationRequest] = []
        var continuous: [MedicationRequest] = []
        for request in requests where request.status == .active {
            let scheduled = doses.count
            switch DoseScheduleRule.schedule(for: request, ward: ward) {
            case .asNeeded: asNeeded.append(request)
            case .continuous: continuous.append(request)
            case let .unclear(reason): unclear.append(UnclearOrder(request: request, reason: reason))
            case let .daily(times):
                doses += Self.times(times, from: start, to: end, calendar: calendar, every: 1, request: request)
                    .map { ScheduledDose(request: request, time: $0) }
            case .everyOtherDay where request.timing?.bounds?.start == nil && request.authoredOn == nil:
                unclear.append(UnclearOrder(request: request, reason: "every other day, but from which day is not in the order"))
            case let .everyOtherDay(times):
                doses += Self.times(times, from: start, to: end, calendar: calendar, every: 2, request: request)
                    .map { ScheduledDose(request: request, time: $0) }
            }
            if doses.count == scheduled, !asNeeded.contains(request), !continuous.contains(request),
               !unclear.contains(where: { $0.request == request }) {
                noDoseInSpan.append(request)
            }
        }
        let recorded = administrations.filter { $0.status != .enteredInError }
        let placed = Self.match(recorded, to: &doses, window: ward.window, span: start...end)
        let scheduledIDs = Set(doses.map(\.request.id))
        unplaced = recorded.filter {
            !placed.contains($0.id) && $0.requestID.map(scheduledIDs.contains) == true && (start...end).contains($0.effective)
        }.sorted { $0.effective < $1.effective }
        let asNeededIDs = Set(asNeeded.map(\.id))
        asNeededGiven = recorded.filter { $0.status == .completed && $0.requestID.map(asNeededIDs.contains) == true }
            .sorted { $0.effective > $1.effective }
        Self.link(&doses)
        // By time; the drug's name (worked out from its codes) only where two doses share one.
        self.doses = doses.sorted { $0.time != $1.time ? $0.time < $1.time : $0.request.medication.displayName < $1.request.medication.displayName }
        self.asNeeded = asNeeded
        self.unclear = unclear
        infusions = continuous.map { Infusion(request: $0, administrations: recorded) }
            .sorted { ($0.request.medication.displayName, $0.request.id) < ($1.request.medication.displayName, $1.request.id) }
        self.noDoseInSpan = noDoseInSpan
        self.window = ward.window
        prnFollowUp = ward.prnFollowUp
    }

    /// The dose times between `start` and `end`, within the order's bounds, on every `every`th
    /// day counted from the order's first day.
    private static func times(
        _ clock: [ClockTime], from start: Date, to end: Date, calendar: Calendar, every: Int, request: MedicationRequest
    ) -> [Date] {
        let (begins, ends) = OrderDaysRule.span(of: request, calendar: calendar)
        let first = calendar.startOfDay(for: begins ?? start)
        var day = calendar.startOfDay(for: start)
        var result: [Date] = []
        while day <= end {
            let daysIn = calendar.dateComponents([.day], from: first, to: day).day ?? 0
            if daysIn % every == 0 {
                // The day's date once, then each wall-clock time on it (a clock change that day
                // included): `date(bySettingHour:)` searches per call, and was most of a ward list.
                let date = calendar.dateComponents([.era, .year, .month, .day], from: day)
                for time in clock {
                    var wallClock = date
                    (wallClock.hour, wallClock.minute) = (time.hour, time.minute)
                    guard let date = calendar.date(from: wallClock), date >= start, date <= end else { continue }
                    if let begins, date < begins { continue }
                    if let ends, !ends.includes(date) { continue }
                    result.append(date)
                }
            }
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        }
        return result
    }

    /// Each dose learns its order's next one (see `ScheduledDose.next`).
    private static func link(_ doses: inout [ScheduledDose]) {
        var later: [String: Date] = [:]
        for index in doses.indices.sorted(by: { doses[$0].time > doses[$1].time }) {
            doses[index].next = later[doses[index].request.id]
            later[doses[index].request.id] = doses[index].time
        }
    }

    /// Each record goes to the dose it names; one naming a dose this span does not have (it
    /// names none, or a time the schedule no longer has) to the order's nearest dose whose
    /// window had opened when it was given, within 12 hours, marked `nearest`. A record naming
    /// a time outside the span is for a dose not shown: it is never placed on another one.
    /// Returns the ids of the records placed.
    private static func match(
        _ administrations: [MedicationAdministration], to doses: inout [ScheduledDose], window: TimeInterval, span: ClosedRange<Date>
    ) -> Set<String> {
        var unnamed: [MedicationAdministration] = [], placed: Set<String> = []
        for administration in administrations.sorted(by: { $0.effective < $1.effective }) {
            guard let named = administration.scheduledTime else {
                unnamed.append(administration)
                continue
            }
            guard let index = doses.indices.first(where: { doses[$0].request.id == administration.requestID && doses[$0].time == named }) else {
                if span.contains(named) { unnamed.append(administration) }
                continue
            }
            if doses[index].administration == nil {
                (doses[index].administration, doses[index].match) = (administration, .named)
            } else {
                doses[index].alsoRecorded.append(administration)
            }
            placed.insert(administration.id)
        }
        for administration in unnamed {
            let candidates = doses.indices.filter {
                doses[$0].request.id == administration.requestID && doses[$0].administration == nil
                    && doses[$0].time.addingTimeInterval(-window) <= administration.effective
                    && abs(doses[$0].time.timeIntervalSince(administration.effective)) <= 12 * 60 * 60
            }
            guard let nearest = candidates.min(by: {
                abs(doses[$0].time.timeIntervalSince(administration.effective)) < abs(doses[$1].time.timeIntervalSince(administration.effective))
            }) else { continue }
            (doses[nearest].administration, doses[nearest].match) = (administration, .nearest)
            placed.insert(administration.id)
        }
        return placed
    }

    /// The last dose given for the as-needed order `requestID`, if any.
    public func lastGiven(asNeeded requestID: String) -> MedicationAdministration? {
        asNeededGiven.first { $0.requestID == requestID }
    }

    /// Where the follow-up of the last dose given for an as-needed order stands at `now`, with
    /// that dose; nil when none was given.
    public func followUp(asNeeded requestID: String, at now: Date) -> (dose: MedicationAdministration, followUp: PRNFollowUp)? {
        guard let dose = lastGiven(asNeeded: requestID) else { return nil }
        return (dose, PRNFollowUpRule.status(of: dose, effect: asNeededEffects[dose.id], at: now, after: prnFollowUp))
    }

    /// Doses due or late at `now`.
    public func outstanding(at now: Date) -> [ScheduledDose] {
        doses.filter { $0.status(at: now, window: window).isOutstanding }
    }
}
