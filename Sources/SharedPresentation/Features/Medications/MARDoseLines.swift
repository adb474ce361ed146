import CoreDomain
import CoreUseCases
import Foundation

/// One scheduled dose as the MAR and the ward's due list write it: its time and where it
/// stands in one word, its order (with the allergy it conflicts with), then what was recorded
/// (when, by whom, why), the dose given where it is not the one ordered (`given 45 g (ordered
/// 4.5 g)`), given late or early, a record placed by its time or a second one beside it, all
/// wrapped under the order; then each pre-administration check of a dose still to give.
enum MARDoseLines {
    static func lines(
        _ dose: ScheduledDose, window: TimeInterval, allergen: String?, checks: [PreDoseCheckResult] = [], isChosen: Bool = false,
        width: Int, context: ViewContext
    ) -> [StyledLine] {
        let clock = CalendarFields.calendar(context.calendar, in: context.timeZone)
        let status = dose.status(at: context.now, window: window)
        let (word, role, detail) = words(status, clock: clock)
        let lead = [Span(CalendarFields(dose.time, calendar: clock).time + "  "), Span(word, role),
                    Span(String(repeating: " ", count: max(1, statusWidth + 2 - word.count)))]
        let order = MedicationsView.allergyMarker(allergen) + [Span(MedicationLineText.format(dose.request, unicode: context.unicode))]
            + (detail.map { [Span(" · "), Span($0, .dim)] } ?? []) + recordedSpans(dose, window: window, clock: clock)
            + deliverySpans(dose.administration)
        let indent = 2 + lead.reduce(0) { $0 + DisplayWidth.cells($1.text) }
        let margin = Span(String(repeating: " ", count: indent))
        let wrapped = LineWrapping.wrap(order, width: max(1, width - indent)).enumerated().map { index, line in
            StyledLine((index == 0 ? [isChosen ? Span("> ", .selected) : Span("  ")] + lead : [margin]) + line.spans)
        }
        // The checks matter before a dose is given: none once it is recorded, or while it is not yet due.
        guard status.isOutstanding else { return wrapped }
        return wrapped + checks.flatMap { check in
            LineWrapping.wrap(checkSpans(check, unicode: context.unicode), width: max(1, width - indent)).map { StyledLine([margin] + $0.spans) }
        }
    }

    /// What the record beside the dose says beyond its time and author: the dose given when it
    /// is not the order's, given late or early, placed by its time (it names no dose), and any
    /// second record of the same dose. Nothing is moved, or read as given, silently.
    static func recordedSpans(_ dose: ScheduledDose, window: TimeInterval, clock: Calendar) -> [Span] {
        guard dose.administration != nil else { return [] }
        var spans: [Span] = []
        if let given = dose.givenDose, given.differs { spans += [Span(" · "), Span("given " + given.text, .abnormal)] }
        switch dose.recordedTiming(window: window) {
        case let .late(minutes)?: spans += [Span(" · "), Span("\(minutes) min late", .dim)]
        case let .early(minutes)?: spans += [Span(" · "), Span("\(minutes) min early", .dim)]
        default: break
        }
        if dose.match == .nearest { spans += [Span(" · "), Span("names no dose: placed by its time", .dim)] }
        for other in dose.alsoRecorded {
            let when = CalendarFields(other.effective, calendar: clock).time + (other.performer.map { " by " + $0 } ?? "")
            spans += [Span(" · "), Span("also recorded " + when, .abnormal)]
        }
        return spans
    }

    /// `check heart rate 58 L /min 1 h 20 min ago`, the value with its marker (never colour
    /// alone); a missing or old one says what it asks (`chart it first or give a reason`).
    static func checkSpans(_ check: PreDoseCheckResult, unicode: Bool) -> [Span] {
        let measure = check.requirement.measure.rawValue
        guard let last = check.last else { return [Span("check ", .dim), Span("no \(measure) charted: " + PreDoseCheckResult.ask, .warning)] }
        // The unit as the chart writes it (`mmHg`, no `{INR}`), the marker after the number.
        let number = DecimalText.withoutNoise(last.value.value, places: 3)
        let unit = UnitText.display(last.value, unicode: unicode).map { " " + $0 } ?? ""
        let value = number + (last.flag.marker.isEmpty ? "" : " " + last.flag.marker) + unit
        var spans = [Span("check \(measure) ", .dim), Span(value, last.flag.role), Span(" " + last.ageText, .dim)]
        switch (check.status, check.requirement.freshness) {
        case (.tooOld, .today): spans.append(Span(" is not today's: " + PreDoseCheckResult.ask, .warning))
        case (.tooOld, .within): spans.append(Span(" is older than \(check.requirement.freshnessText.dropFirst("within ".count)): " + PreDoseCheckResult.ask, .warning))
        default: break
        }
        return spans
    }

    /// ` · pending` (or ` · FAILED`) after a dose recorded here until the server has it, as
    /// vital signs show; nothing once settled.
    static func deliverySpans(_ administration: MedicationAdministration?) -> [Span] {
        guard let delivery = administration?.delivery, let word = DeliveryText.word(delivery) else { return [] }
        return [Span(" · "), Span(word, DeliveryText.role(delivery))]
    }

    /// When and by whom a dose was given: `11:30 by nurse1`, with the date when not today.
    static func lastGivenText(_ given: MedicationAdministration, clock: Calendar, context: ViewContext) -> String {
        let time = clock.isDate(given.effective, inSameDayAs: context.now) ? CalendarFields(given.effective, calendar: clock).time
            : context.dateTime(given.effective)
        return time + (given.performer.map { " by " + $0 } ?? "")
    }

    /// The widest status word, `not given`: the order names line up after it.
    static let statusWidth = 9

    /// A dose's state as one word of at most `statusWidth` letters and its style (letters, not
    /// colour alone), and what was recorded with it.
    static func words(_ status: DoseStatus, clock: Calendar) -> (String, TextRole, String?) {
        func time(_ date: Date) -> String { CalendarFields(date, calendar: clock).time }
        switch status {
        case .upcoming: return ("", .normal, nil)
        case .due: return ("due", .warning, nil)
        case .late: return ("late!", .critical, nil)
        case .missed: return ("missed", .abnormal, nil)
        case let .given(at, by): return ("given", .dim, time(at) + (by.map { " by " + $0 } ?? ""))
        case let .notGiven(reason): return ("not given", .abnormal, reason)
        case let .held(reason): return ("held", .abnormal, reason)
        case let .running(since): return ("running", .dim, "since " + time(since))
        case let .stopped(reason): return ("stopped", .abnormal, reason)
        case .recordedUnknown: return ("check", .warning, "recorded with no status")
        }
    }
}
