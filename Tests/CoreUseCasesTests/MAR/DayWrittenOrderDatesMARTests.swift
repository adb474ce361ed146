import CoreDomain
import CoreUseCases
import Foundation
import Testing

/// An order whose dates were written as days (`authoredOn` 2026-11-24, bounds 2026-11-24 to
/// 2026-11-25, as `DayWrittenOrderDatesTests`' messy record): the days are the ward's local
/// days, never UTC midnight, and the end day is given whole.
@Suite struct DayWrittenOrderDatesMARTests {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// The UTC midnight a day written as `2026-11-dd` is kept as.
    static func utcMidnight(_ day: Int) -> Date {
        Date(timeIntervalSince1970: 1_795_478_400 + TimeInterval(day - 24) * 86_400)
    }

    static func doses(_ order: MedicationRequest, in calendar: Calendar, days: ClosedRange<Int>) -> [String] {
        let start = calendar.date(from: DateComponents(year: 2026, month: 11, day: days.lowerBound))!
        let end = calendar.date(from: DateComponents(year: 2026, month: 11, day: days.upperBound, hour: 23, minute: 59))!
        let mar = MedicationAdministrationRecord(requests: [order], administrations: [], from: start, to: end,
                                                 ward: WardAdministrationTimes(), calendar: calendar)
        return mar.doses.map {
            let parts = calendar.dateComponents([.day, .hour], from: $0.time)
            return "\(parts.day!)@\(parts.hour!)"
        }
    }

    static func order(_ timing: MedicationRequest.Timing, authored: Date?, days: MedicationRequest.DayWrittenDates) -> MedicationRequest {
        var order = MedicationRequest(id: "f", patientID: "p1", medication: CodedConcept(text: "Furosemide"), timing: timing,
                                      status: .active, authoredOn: authored)
        order.writtenAsDays = days
        return order
    }

    @Test func theBoundsAreTheWardsDaysAndTheEndDayIsGivenWhole() {
        // New York is 5 h behind UTC: UTC midnight of the 25th is 19:00 on the 24th there.
        let timing = MedicationRequest.Timing(code: "BID", bounds: Period(start: Self.utcMidnight(24), end: Self.utcMidnight(25)))
        let order = Self.order(timing, authored: Self.utcMidnight(24), days: .init(authoredOn: true, boundsStart: true, boundsEnd: true))
        #expect(Self.doses(order, in: Self.calendar("America/New_York"), days: 23...26) == ["24@9", "24@21", "25@9", "25@21"])
    }

    @Test func anOrderWrittenOnADayHasThatDaysDoses() {
        // Auckland is 13 h ahead: UTC midnight of the 24th is 13:00 there, after the 09:00 dose.
        let order = Self.order(.init(code: "QD"), authored: Self.utcMidnight(24), days: .init(authoredOn: true))
        #expect(Self.doses(order, in: Self.calendar("Pacific/Auckland"), days: 24...25) == ["24@9", "25@9"])
    }

    @Test func aFullDateTimeIsTheInstantItSays() {
        // Written 2026-11-24T00:00:00Z with its time: 13:00 in Auckland, so the first dose is the next day's.
        let order = Self.order(.init(code: "QD"), authored: Self.utcMidnight(24), days: .init())
        #expect(Self.doses(order, in: Self.calendar("Pacific/Auckland"), days: 24...25) == ["25@9"])
    }
}
