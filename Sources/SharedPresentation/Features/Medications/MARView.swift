import CoreDomain
import CoreUseCases
import Foundation

/// The MAR: each scheduled dose of the last 24 hours and the rest of today, in time order
/// under a line per day, with where it stands in one word (`due`, `late!`, `missed` once the
/// order's next dose has come due, `given`, `not given`, `held`, `running`, `stopped`; a dose
/// not yet in its window says nothing) and what was recorded after the order (`· 09:12
/// by nurse1`, the reason); then the as-needed orders, never due, each with its last dose's
/// effectiveness follow-up (`PRNFollowUpRule`, from the clock); then the orders whose times
/// cannot be worked out, to be checked.
public enum MARView {
    /// The MAR with the chosen dose marked `>` (what `r` records); each dose and as-needed
    /// order is an item.
    public static func content(_ list: MedicationList, chosen: Int, width: Int, context: ViewContext) -> ScrollContent {
        var items: [ScrollItem] = []
        let lines = lines(list, chosen: chosen, items: &items, width: width, context: context)
        return ScrollContent(lines: lines, items: items)
    }

    public static func lines(_ list: MedicationList, width: Int, context: ViewContext) -> [StyledLine] {
        var items: [ScrollItem] = []
        return lines(list, chosen: nil, items: &items, width: width, context: context)
    }

    /// `items`: each dose's and as-needed order's lines, with the title, day or section heading
    /// above it.
    private static func lines(
        _ list: MedicationList, chosen: Int?, items: inout [ScrollItem], width: Int, context: ViewContext
    ) -> [StyledLine] {
        guard let record = list.record else { return [StyledLine("MAR", .accent), StyledLine("  no schedule could be made", .dim)] }
        let chosen = chosen.map { min(max(0, $0), record.doses.count + record.asNeeded.count - 1) }
        let minutes = Int(record.window / 60)
        var lines = [StyledLine([Span("MAR", .accent), Span(" · due \(minutes) min either side", .dim)])]
        let calendar = CalendarFields.calendar(context.calendar, in: context.timeZone)
        var day: Date?
        for (index, dose) in record.doses.enumerated() {
            let begins = index == 0 ? 0 : lines.count
            let start = calendar.startOfDay(for: dose.time)
            if start != day {
                day = start
                let today = calendar.isDate(start, inSameDayAs: context.now)
                lines.append(StyledLine((today ? "Today " : "") + context.date(start), .header))
            }
            let top = lines.count
            lines += doseLines(dose, window: record.window, allergen: list.allergyConflicts[dose.request.id], isChosen: index == chosen,
                               width: width, context: context)
            items.append(ScrollItem(lines: begins..<lines.count, first: top))
        }
        if record.doses.isEmpty { lines.append(StyledLine("  no scheduled doses", .dim)) }
        if !record.noDoseInSpan.isEmpty {
            lines.append(StyledLine(""))
            lines.append(StyledLine("No dose in this span (written for later, or not today)", .accent))
            lines += MedicationsView.orders(record.noDoseInSpan, empty: "", width: width, context: context, conflicts: list.allergyConflicts)
        }
        if !record.asNeeded.isEmpty {
            let section = record.doses.isEmpty ? 0 : lines.count
            lines.append(StyledLine(""))
            lines.append(StyledLine("As needed (PRN): never due", .accent))
            for (index, order) in record.asNeeded.enumerated() {
                let isChosen = chosen == record.doses.count + index, top = lines.count
                let followUp = record.followUp(asNeeded: order.id, at: context.now)
                lines += asNeededLines(order, last: followUp?.dose, followUp: followUp?.followUp, allergen: list.allergyConflicts[order.id],
                                       isChosen: isChosen, width: width, context: context)
                items.append(ScrollItem(lines: (index == 0 ? section : top)..<lines.count, first: top))
            }
        }
        lines += InfusionLines.lines(record.infusions, allergies: list.allergyConflicts, width: width, context: context)
        if !record.unclear.isEmpty {
            lines.append(StyledLine(""))
            lines.append(StyledLine("Schedule unclear: check the order", .warning))
            for order in record.unclear {
                let spans = MedicationsView.allergyMarker(list.allergyConflicts[order.request.id])
                    + [Span(MedicationLineText.format(order.request, unicode: context.unicode)), Span("  (\(order.reason))", .dim)]
                lines += LineWrapping.wrap(spans, width: width - 2, indent: 2).map { StyledLine([Span("  ")] + $0.spans) }
            }
        }
        return lines
    }

    /// One dose: its time and where it stands in one short word, then its order with the allergy
    /// it conflicts with, then what was recorded (when, by whom, why), all wrapped under the
    /// order: a long name or reason never pushes the drug off the line.
    static func doseLines(
        _ dose: ScheduledDose, window: TimeInterval, allergen: String?, isChosen: Bool = false, width: Int, context: ViewContext
    ) -> [StyledLine] {
        let clock = CalendarFields.calendar(context.calendar, in: context.timeZone)
        let status = dose.status(at: context.now, window: window)
        let (word, role, detail) = words(status, clock: clock)
        let lead = [Span(CalendarFields(dose.time, calendar: clock).time + "  "), Span(word, role),
                    Span(String(repeating: " ", count: max(1, statusWidth + 2 - word.count)))]
        let order = MedicationsView.allergyMarker(allergen) + [Span(MedicationLineText.format(dose.request, unicode: context.unicode))]
            + (detail.map { [Span(" · "), Span($0, .dim)] } ?? []) + deliverySpans(dose.administration)
        let indent = 2 + lead.reduce(0) { $0 + DisplayWidth.cells($1.text) }
        let margin = Span(String(repeating: " ", count: indent))
        return LineWrapping.wrap(order, width: max(1, width - indent)).enumerated().map { index, line in
            StyledLine((index == 0 ? [isChosen ? Span("> ", .selected) : Span("  ")] + lead : [margin]) + line.spans)
        }
    }

    /// An as-needed order, chosen like a dose (`r` gives one now), with the last dose given
    /// for it (`last 11:30 by nurse1`) so a nurse sees how long ago before giving another, and
    /// that dose's follow-up (`e` records its effect).
    static func asNeededLines(
        _ order: MedicationRequest, last: MedicationAdministration?, followUp: PRNFollowUp?, allergen: String?, isChosen: Bool,
        width: Int, context: ViewContext
    ) -> [StyledLine] {
        let clock = CalendarFields.calendar(context.calendar, in: context.timeZone)
        let given = last.map { "last " + lastGivenText($0, clock: clock, context: context) + ($0.indication.map { " (\($0))" } ?? "") } ?? "none given"
        let spans = MedicationsView.allergyMarker(allergen) + [Span(MedicationLineText.format(order, unicode: context.unicode))]
            + MedicationsView.scheduleWarning(order) + [Span(" · "), Span(given, .dim)] + deliverySpans(last)
            + (followUp.map { [Span(" · ")] + followUpSpans($0, clock: clock) } ?? [])
        return LineWrapping.wrap(spans, width: width - 2, indent: 2).enumerated().map { index, line in
            StyledLine((index == 0 && isChosen ? [Span("> ", .selected)] : [Span("  ")]) + line.spans)
        }
    }

    /// The last PRN dose's follow-up in words (never colour alone): `follow-up due 13:40`
    /// (neutral) until its time, then `follow-up late` (abnormal), or once recorded `effect:
    /// effective 12:40 by nurse1`.
    static func followUpSpans(_ followUp: PRNFollowUp, clock: Calendar) -> [Span] {
        func time(_ date: Date) -> String { CalendarFields(date, calendar: clock).time }
        switch followUp {
        case let .recorded(effect, at, by): return [Span("effect: \(effect.text) \(time(at))" + (by.map { " by " + $0 } ?? ""), .dim)]
        case let .due(at): return [Span("follow-up due \(time(at))")]
        case .late: return [Span("follow-up late", .abnormal)]
        }
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
