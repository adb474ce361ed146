import CoreDomain
import CoreUseCases
import Foundation

/// The MAR: each scheduled dose of the last 24 hours and the rest of today, in time order
/// under a line per day (`MARDoseLines`: where it stands in one word, what was recorded, the
/// dose given where it is not the order's, the pre-administration checks of a dose to give);
/// then the as-needed orders, never due, each with its last dose's effectiveness follow-up
/// (`PRNFollowUpRule`, from the clock); then the continuous infusions and where each stands
/// (`InfusionLines`); then the records that stand beside no dose, and the orders whose times
/// cannot be worked out, to be checked. Doses, as-needed orders and infusions are the items a
/// highlight moves over (`MARChoice`).
public enum MARView {
    /// The MAR with the chosen item marked `>` (what `r` records).
    public static func content(_ list: MedicationList, chosen: Int, width: Int, context: ViewContext) -> ScrollContent {
        var items: [ScrollItem] = []
        let lines = lines(list, chosen: chosen, items: &items, width: width, context: context)
        // Its title stays on top, so a MAR opened on a dose late in the day still says what it is.
        return ScrollContent(lines: lines, pinned: list.record == nil ? nil : 0..<1, items: items)
    }

    public static func lines(_ list: MedicationList, width: Int, context: ViewContext) -> [StyledLine] {
        var items: [ScrollItem] = []
        return lines(list, chosen: nil, items: &items, width: width, context: context)
    }

    /// `items`: each dose's, as-needed order's and infusion's lines, with the day or section
    /// heading above it (the title, pinned, is no item's).
    private static func lines(
        _ list: MedicationList, chosen: Int?, items: inout [ScrollItem], width: Int, context: ViewContext
    ) -> [StyledLine] {
        guard let record = list.record else { return [StyledLine("MAR", .accent), StyledLine("  no schedule could be made", .dim)] }
        let minutes = Int(record.window / 60)
        var lines = [StyledLine([Span("MAR", .accent), Span(" · due \(minutes) min either side", .dim)])]
        let calendar = CalendarFields.calendar(context.calendar, in: context.timeZone)
        var day: Date?
        for (index, dose) in record.doses.enumerated() {
            let begins = lines.count
            let start = calendar.startOfDay(for: dose.time)
            if start != day {
                day = start
                let today = calendar.isDate(start, inSameDayAs: context.now)
                lines.append(StyledLine((today ? "Today " : "") + context.date(start), .header))
            }
            let top = lines.count
            lines += MARDoseLines.lines(dose, window: record.window, allergen: list.allergyConflicts[dose.request.id],
                                        checks: list.preDoseChecks[dose.request.id] ?? [], isChosen: index == chosen, width: width, context: context)
            items.append(ScrollItem(lines: begins..<lines.count, first: top))
        }
        if record.doses.isEmpty { lines.append(StyledLine("  no scheduled doses", .dim)) }
        if !record.noDoseInSpan.isEmpty {
            lines.append(StyledLine(""))
            lines += LineWrapping.wrap([Span("No dose in this span (written for later, or not today)", .accent)], width: width)
            lines += MedicationsView.orders(record.noDoseInSpan, empty: "", width: width, context: context, conflicts: list.allergyConflicts)
        }
        section(record.asNeeded, "As needed (PRN): never due", first: record.doses.count, isFirst: record.doses.isEmpty,
                chosen: chosen, width: width, into: &lines, items: &items) { order, isChosen in
            let followUp = record.followUp(asNeeded: order.id, at: context.now)
            return asNeededLines(order, last: followUp?.dose, followUp: followUp?.followUp, allergen: list.allergyConflicts[order.id],
                                 isChosen: isChosen, width: width, context: context)
        }
        section(record.infusions, "Infusions", first: record.doses.count + record.asNeeded.count,
                isFirst: record.doses.isEmpty && record.asNeeded.isEmpty, chosen: chosen, width: width, into: &lines, items: &items) { infusion, isChosen in
            InfusionLines.lines(infusion, allergen: list.allergyConflicts[infusion.request.id], isChosen: isChosen, width: width, context: context)
        }
        if !record.unplaced.isEmpty {
            lines.append(StyledLine(""))
            lines += LineWrapping.wrap([Span("Recorded beside no dose: check which dose each was", .warning)], width: width)
            for administration in record.unplaced {
                lines += LineWrapping.wrap(unplacedSpans(administration, in: record, context: context), width: width - 2, indent: 2)
                    .map { StyledLine([Span("  ")] + $0.spans) }
            }
        }
        if !record.unclear.isEmpty {
            lines.append(StyledLine(""))
            lines += LineWrapping.wrap([Span("Schedule unclear: check the order", .warning)], width: width)
            for order in record.unclear {
                let spans = MedicationsView.allergyMarker(list.allergyConflicts[order.request.id])
                    + [Span(MedicationLineText.format(order.request, unicode: context.unicode)), Span("  (\(order.reason))", .dim)]
                lines += LineWrapping.wrap(spans, width: width - 2, indent: 2).map { StyledLine([Span("  ")] + $0.spans) }
            }
        }
        return lines
    }

    /// A section of items under its heading (and a blank line): the first item brings the
    /// heading with it (first on the MAR, no dose above it: every line under the pinned title);
    /// item `n` of the section is the MAR's item `first + n`.
    private static func section<Item>(
        _ section: [Item], _ heading: String, first: Int, isFirst: Bool, chosen: Int?, width: Int, into lines: inout [StyledLine],
        items: inout [ScrollItem], _ itemLines: (Item, Bool) -> [StyledLine]
    ) {
        guard !section.isEmpty else { return }
        let begins = isFirst ? 1 : lines.count
        lines.append(StyledLine(""))
        lines += LineWrapping.wrap([Span(heading, .accent)], width: width)
        for (index, item) in section.enumerated() {
            let top = lines.count
            lines += itemLines(item, chosen == first + index)
            items.append(ScrollItem(lines: (index == 0 ? begins : top)..<lines.count, first: top))
        }
    }

    /// A record of a scheduled order that names no dose the MAR has: what it recorded, when and
    /// by whom, the dose given against the order's.
    private static func unplacedSpans(_ administration: MedicationAdministration, in record: MedicationAdministrationRecord, context: ViewContext) -> [Span] {
        let order = record.doses.first { $0.request.id == administration.requestID }?.request
        let dose = administration.dose.map { GivenDose(given: $0, ordered: order?.dose).text }
        let what = [order.map { $0.medication.displayName } ?? "an order", dose].compactMap { $0 }.joined(separator: " ")
        let status = administration.status == .completed ? "given" : administration.status == .onHold ? "held" : "not given"
        return [Span("\(status) \(what) · "), Span(context.dateTime(administration.effective) + (administration.performer.map { " by " + $0 } ?? ""), .dim)]
            + MARDoseLines.deliverySpans(administration)
    }

    /// An as-needed order, chosen like a dose (`r` gives one now), with the last dose given
    /// for it (`last 11:30 by nurse1`, and the dose where it was not the order's) so a nurse
    /// sees how long ago before giving another, and that dose's follow-up (`e` records its effect).
    static func asNeededLines(
        _ order: MedicationRequest, last: MedicationAdministration?, followUp: PRNFollowUp?, allergen: String?, isChosen: Bool,
        width: Int, context: ViewContext
    ) -> [StyledLine] {
        let clock = CalendarFields.calendar(context.calendar, in: context.timeZone)
        let given = last.map { "last " + MARDoseLines.lastGivenText($0, clock: clock, context: context) + ($0.indication.map { " (\($0))" } ?? "") } ?? "none given"
        let dose = last?.dose.map { GivenDose(given: $0, ordered: order.dose) }
        let spans = MedicationsView.allergyMarker(allergen) + [Span(MedicationLineText.format(order, unicode: context.unicode))]
            + MedicationsView.scheduleWarning(order) + [Span(" · "), Span(given, .dim)]
            + (dose.map { $0.differs ? [Span(" · "), Span("given " + $0.text, .abnormal)] : [] } ?? []) + MARDoseLines.deliverySpans(last)
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
}
