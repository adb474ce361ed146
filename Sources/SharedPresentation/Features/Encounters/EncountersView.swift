import CoreDomain
import CoreUseCases

/// The Encounters tab: newest first, one line each with dates, length of stay, class and
/// place; `Enter` opens the full details of the highlighted one, with what was recorded in it
/// (`EncounterRecordsLines`), all one text to scroll.
public enum EncountersView {
    /// The list, each encounter an item, or the highlighted encounter's details as text.
    public static func content(
        _ items: [EncounterItem], selected: Int, detailOpen: Bool, width: Int, context: ViewContext
    ) -> ScrollContent {
        guard !items.isEmpty else { return ScrollContent(lines: [StyledLine("No encounters recorded.", .dim)]) }
        let index = min(max(0, selected), items.count - 1)
        if detailOpen { return ScrollContent(lines: details(items[index], width: width, context: context)) }
        var lines: [StyledLine] = []
        var rows: [ScrollItem] = []
        for (position, item) in items.enumerated() {
            let role: TextRole = position == index ? .selected : .normal
            let start = lines.count
            lines += LineWrapping.wrap([Span(EncounterLineText.oneLine(item, context: context), role)], width: width, indent: 2)
            rows.append(ScrollItem(lines: start..<lines.count))
        }
        return ScrollContent(lines: lines, items: rows)
    }

    static func details(_ item: EncounterItem, width: Int, context: ViewContext) -> [StyledLine] {
        let encounter = item.encounter
        let rows: [(String, String?)] = [
            ("Class", EncounterLineText.className(encounter.encounterClass)),
            ("Status", statusName(encounter.status)),
            ("Type", encounter.type?.displayName),
            ("Start", encounter.period.start.map(context.dateTime)),
            ("End", encounter.period.end.map(context.dateTime) ?? "still open"),
            ("Stay", LengthOfStayText.format(encounter.period, now: context.now, calendar: context.calendar, timeZone: context.timeZone)),
            ("Location", item.location?.label),
            ("Reason", encounter.reason?.displayName),
            ("Clinician", item.practitioner?.name.listName),
        ]
        var lines = [StyledLine("Encounter details (Esc back)", .accent)]
        for (label, value) in rows {
            lines += LabelledSection.lines(label, [[Span(value ?? "not recorded", value == nil ? .dim : .normal)]], width: width)
        }
        return lines + [StyledLine("")] + EncounterRecordsLines.lines(item.records, width: width, context: context)
    }

    static func statusName(_ value: Encounter.Status) -> String {
        switch value {
        case .inProgress: "in progress"
        case .onLeave: "on leave"
        case .enteredInError: "entered in error"
        default: value.rawValue
        }
    }
}
