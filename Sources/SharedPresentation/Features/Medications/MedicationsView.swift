import CoreDomain
import CoreUseCases
import Foundation

/// The Meds tab: active orders first (dose, route, frequency), then stopped ones, each with
/// its authored date so a clinician sees when it changed; or, with `m`, the MAR (`MARView`).
public enum MedicationsView {
    public static func lines(_ list: MedicationList, isMARShown: Bool = false, width: Int, context: ViewContext) -> [StyledLine] {
        if isMARShown { return MARView.lines(list, width: width, context: context) }
        var lines = [StyledLine("Active", .accent)]
        lines += orders(list.active, empty: "no active orders", width: width, context: context, conflicts: list.allergyConflicts)
        lines.append(StyledLine(""))
        lines.append(StyledLine("Stopped", .accent))
        lines += orders(list.stopped, empty: "none", width: width, context: context, showStatus: true)
        if !list.other.isEmpty {
            lines.append(StyledLine(""))
            lines.append(StyledLine("Draft or status unknown", .accent))
            lines += orders(list.other, empty: "", width: width, context: context, showStatus: true)
        }
        return lines
    }

    static func orders(
        _ requests: [MedicationRequest], empty: String, width: Int, context: ViewContext, showStatus: Bool = false,
        conflicts: [String: String] = [:]
    ) -> [StyledLine] {
        guard !requests.isEmpty else { return [StyledLine("  " + empty, .dim)] }
        return requests.flatMap { request in
            var spans = allergyMarker(conflicts[request.id]) + [Span(MedicationLineText.format(request, unicode: context.unicode))]
                + scheduleWarning(request)
            var notes: [String] = []
            if showStatus { notes.append(statusName(request.status)) }
            if let authored = request.authoredOn { notes.append("ordered \(context.date(orderedDay(request, authored, context)))") }
            if !notes.isEmpty { spans.append(Span("  " + notes.joined(separator: ", "), .dim)) }
            return LineWrapping.wrap(spans, width: width - 2, indent: 2).map { StyledLine([Span("  ")] + $0.spans) }
        }
    }

    /// When an order was written, as a moment on the ward's clock: one written as a bare day is
    /// that day wherever the ward is (`OrderDaysRule`), never the evening before west of UTC.
    private static func orderedDay(_ request: MedicationRequest, _ authored: Date, _ context: ViewContext) -> Date {
        guard request.writtenAsDays.authoredOn else { return authored }
        return OrderDaysRule.localDay(authored, CalendarFields.calendar(context.calendar, in: context.timeZone))
    }

    /// "· text says Q6H: check the order" in words and the warning style, after an order whose
    /// text and timing give a different number of doses a day (`WrittenScheduleRule`).
    static func scheduleWarning(_ request: MedicationRequest) -> [Span] {
        guard case let .conflicts(written, _) = WrittenScheduleRule.reading(request) else { return [] }
        return [Span(" · "), Span("text says \(written): check the order", .warning)]
    }

    /// "ALLERGY: Sulfonamides ·", in words and the critical style (never colour alone), before
    /// an order the patient is allergic to; nothing otherwise.
    static func allergyMarker(_ allergen: String?) -> [Span] {
        allergen.map { [Span("ALLERGY: \($0)", .critical), Span(" · ")] } ?? []
    }

    static func statusName(_ status: MedicationRequest.Status) -> String {
        switch status {
        case .onHold: "on hold"
        case .enteredInError: "entered in error"
        default: status.rawValue
        }
    }
}
