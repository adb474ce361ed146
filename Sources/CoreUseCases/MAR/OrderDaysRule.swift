import CoreDomain
import Foundation

/// When an order's doses begin and end on the ward's clock. A date written as a bare day
/// (`2026-11-24`, kept as that day's UTC midnight) is the ward's local day, not UTC midnight: an
/// order written on the 24th has the 24th's morning dose in Auckland, and one bounded to end on
/// the 25th has the 25th's evening dose in New York (the end day is given whole). A full
/// dateTime is the instant it says.
public enum OrderDaysRule {
    /// The last moment doses may fall: up to and including an instant, or before a local day's end.
    public enum End: Hashable, Sendable {
        case through(Date)
        case before(Date)

        /// A dose at `date` falls inside the order.
        public func includes(_ date: Date) -> Bool {
            switch self {
            case let .through(end): date <= end
            case let .before(end): date < end
            }
        }
    }

    /// The order's first moment (`boundsPeriod.start`, else `authoredOn`) and its end
    /// (`boundsPeriod.end`), on `calendar`'s clock.
    public static func span(of request: MedicationRequest, calendar: Calendar) -> (begins: Date?, ends: End?) {
        let days = request.writtenAsDays
        let bounds = request.timing?.bounds
        let begins = bounds?.start.map { days.boundsStart ? localDay($0, calendar) : $0 }
            ?? request.authoredOn.map { days.authoredOn ? localDay($0, calendar) : $0 }
        let ends: End? = bounds?.end.map { end in
            guard days.boundsEnd else { return .through(end) }
            let day = localDay(end, calendar)
            return .before(calendar.date(byAdding: .day, value: 1, to: day) ?? day)
        }
        return (begins, ends)
    }

    /// The start of the ward's day with the date `utcMidnight` was written as.
    public static func localDay(_ utcMidnight: Date, _ calendar: Calendar) -> Date {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let written = utc.dateComponents([.year, .month, .day], from: utcMidnight)
        return calendar.date(from: DateComponents(year: written.year, month: written.month, day: written.day)) ?? utcMidnight
    }
}
