import CoreDomain
import CoreUseCases
import Foundation

/// The MAR's infusions, each its order then where it stands (`not started`, `running 18
/// units/kg/h since 14:02 by nurse1`, `paused since 15:10`, `stopped 16:00`) and its titration
/// instruction whole. Kept plain until the MAR's infusion screen is built on `Infusion`: an
/// infusion is never missing from the MAR meanwhile (it was under "Schedule unclear").
enum InfusionLines {
    static func lines(_ infusions: [Infusion], allergies: [String: String], width: Int, context: ViewContext) -> [StyledLine] {
        guard !infusions.isEmpty else { return [] }
        let clock = CalendarFields.calendar(context.calendar, in: context.timeZone)
        var lines = [StyledLine(""), StyledLine("Infusions", .accent)]
        for infusion in infusions {
            let spans = MedicationsView.allergyMarker(allergies[infusion.request.id])
                + [Span(MedicationLineText.format(infusion.request, unicode: context.unicode)), Span(" · ")]
                + [state(infusion.state, clock: clock, unicode: context.unicode)]
                + (infusion.titration.map { [Span(" · "), Span($0, .dim)] } ?? [])
            lines += LineWrapping.wrap(spans, width: width - 2, indent: 2).map { StyledLine([Span("  ")] + $0.spans) }
        }
        return lines
    }

    static func state(_ state: InfusionState, clock: Calendar, unicode: Bool) -> Span {
        func when(_ date: Date, _ by: String?) -> String { CalendarFields(date, calendar: clock).time + (by.map { " by " + $0 } ?? "") }
        switch state {
        case .notStarted: return Span("not started", .warning)
        case let .running(rate, since, by):
            return Span("running " + (rate.map { MedicationLineText.rate($0, unicode: unicode) + " " } ?? "") + "since " + when(since, by))
        case let .paused(since, by, _): return Span("paused since " + when(since, by), .abnormal)
        case let .stopped(at, by): return Span("stopped " + when(at, by), .dim)
        }
    }
}
