import CoreDomain
import CoreUseCases
import Foundation

/// An infusion on the MAR, chosen like a dose (`r` starts it, changes its rate, pauses,
/// resumes or stops it): its order whole (drug, rate, allergy), then where it stands (`not
/// started`, `running 18 units/kg/h since 14:02 by nurse1`, `paused since 15:10`, `stopped
/// 16:00`), in words and never colour alone, with its titration instruction whole.
enum InfusionLines {
    static func lines(_ infusion: Infusion, allergen: String?, isChosen: Bool, width: Int, context: ViewContext) -> [StyledLine] {
        let clock = CalendarFields.calendar(context.calendar, in: context.timeZone)
        let order = MedicationsView.allergyMarker(allergen) + [Span(MedicationLineText.format(infusion.request, unicode: context.unicode))]
        var standing = [state(infusion.state, clock: clock, unicode: context.unicode)] + MARDoseLines.deliverySpans(infusion.events.last?.administration)
        if let titration = infusion.titration { standing += [Span(" · "), Span(titration, .dim)] }
        let lead = [isChosen ? Span("> ", .selected) : Span("  ")]
        return LineWrapping.wrap(order, width: max(1, width - 2), indent: 2).enumerated().map { StyledLine(($0.offset == 0 ? lead : [Span("  ")]) + $0.element.spans) }
            + LineWrapping.wrap(standing, width: max(1, width - 4), indent: 2).map { StyledLine([Span("    ")] + $0.spans) }
    }

    static func state(_ state: InfusionState, clock: Calendar, unicode: Bool) -> Span {
        func when(_ date: Date, _ by: String?) -> String { CalendarFields(date, calendar: clock).time + (by.map { " by " + $0 } ?? "") }
        switch state {
        case .notStarted: return Span("not started", .warning)
        case let .running(rate, since, by):
            return Span("running " + (rate.map { MedicationLineText.rate($0, unicode: unicode) + " " } ?? "") + "since " + when(since, by))
        case let .paused(since, by, reason): return Span("paused since " + when(since, by) + (reason.map { ": " + $0 } ?? ""), .abnormal)
        case let .stopped(at, by): return Span("stopped " + when(at, by), .dim)
        }
    }
}
