import CoreDomain
import CoreUseCases
import Foundation

/// The MAR: each scheduled dose of the last 24 hours and the rest of today, in time order
/// under a line per day, with where it stands in words (`due`, `late!`, `missed` once the
/// order's next dose has come due, `given 09:12 nurse1`, `not given: …`, `held: …`; a dose not
/// yet in its window says nothing); then the as-needed
/// orders, never due; then the orders whose times cannot be worked out, to be checked.
public enum MARView {
    public static func lines(_ list: MedicationList, width: Int, context: ViewContext) -> [StyledLine] {
        guard let record = list.record else { return [StyledLine("MAR", .accent), StyledLine("  no schedule could be made", .dim)] }
        let minutes = Int(record.window / 60)
        var lines = [StyledLine([Span("MAR", .accent), Span(" · due \(minutes) min either side", .dim)])]
        let calendar = CalendarFields.calendar(context.calendar, in: context.timeZone)
        var day: Date?
        for dose in record.doses {
            let start = calendar.startOfDay(for: dose.time)
            if start != day {
                day = start
                let today = calendar.isDate(start, inSameDayAs: context.now)
                lines.append(StyledLine((today ? "Today " : "") + context.date(start), .header))
            }
            lines += doseLines(dose, window: record.window, allergen: list.allergyConflicts[dose.request.id], width: width, context: context)
        }
        if record.doses.isEmpty { lines.append(StyledLine("  no scheduled doses", .dim)) }
        if !record.asNeeded.isEmpty {
            lines.append(StyledLine(""))
            lines.append(StyledLine("As needed (PRN): never due", .accent))
            lines += MedicationsView.orders(record.asNeeded, empty: "", width: width, context: context, conflicts: list.allergyConflicts)
        }
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

    /// One dose: its time and where it stands, then its order with the allergy it conflicts with.
    static func doseLines(_ dose: ScheduledDose, window: TimeInterval, allergen: String?, width: Int, context: ViewContext) -> [StyledLine] {
        let time = CalendarFields(dose.time, calendar: CalendarFields.calendar(context.calendar, in: context.timeZone)).time
        let order = MedicationsView.allergyMarker(allergen) + [Span(MedicationLineText.format(dose.request, unicode: context.unicode))]
        return row([Span(time + "  ")] + statusSpan(dose.status(at: context.now, window: window), context: context), order, width: width)
    }

    /// A dose's line: its time and state first, then the order, wrapped under itself so the
    /// order never runs back under the time.
    private static func row(_ lead: [Span], _ order: [Span], width: Int) -> [StyledLine] {
        let indent = 2 + lead.reduce(0) { $0 + DisplayWidth.cells($1.text) }
        let wrapped = LineWrapping.wrap(order, width: max(1, width - indent))
        let margin = Span(String(repeating: " ", count: indent))
        return wrapped.enumerated().map { index, line in StyledLine((index == 0 ? [Span("  ")] + lead : [margin]) + line.spans) }
    }

    /// The dose's state in words, padded so the order names line up; letters, not colour alone.
    static func statusSpan(_ status: DoseStatus, context: ViewContext) -> [Span] {
        switch status {
        case .upcoming: [Span("       ")]
        case .due: [Span("due", .warning), Span("    ")]
        case .late: [Span("late!", .critical), Span("  ")]
        case .missed: [Span("missed", .abnormal), Span(" ")]
        case let .given(at, by):
            [Span("given " + CalendarFields(at, calendar: CalendarFields.calendar(context.calendar, in: context.timeZone)).time
                + (by.map { " " + $0 } ?? ""), .dim), Span("  ")]
        case let .notGiven(reason): [Span("not given" + (reason.map { ": " + $0 } ?? ""), .abnormal), Span("  ")]
        case let .held(reason): [Span("held" + (reason.map { ": " + $0 } ?? ""), .abnormal), Span("  ")]
        }
    }
}
